/* cmd-rules.c - pith rules check|test|export: validate site rules, run
 * their tests, convert them for other tools. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "file.h"
#include "rules/learn.h"
#include "rules/rules.h"
#include "util.h"
#include "run.h"
#include "rules/xpath.h"

static void
print_diag(void *ctx, const char *file, int line, const char *reason)
{
	int *count = ctx;
	if (count)
		(*count)++;
	if (line > 0)
		eprintf("pith: %s:%d: %s\n", file, line, reason);
	else
		eprintf("pith: %s: %s\n", file, reason);
}

static int
load(const char *arg, struct rules_set **s, int *problems)
{
	char err[256];
	int ne = 0;
	if (rules_load(arg, s, print_diag, NULL, &ne, err, sizeof err) < 0) {
		cli_report(arg, err);
		(*problems)++;
		return -1;
	}
	*problems += ne;
	if ((*s)->n == 0) {
		/* nothing checked or tested is no pass, as extract of a
		 * directory with no pages is no success */
		cli_report(arg, "no rule files here (.txt)");
		rules_set_free(*s);
		(*problems)++;
		return -1;
	}
	return 0;
}

static char *beside(const char *rule_path, const char *rel);

/* An expression that spends more than a tenth of a page's XPath budget
 * on one of the rule's own test pages is worth a warning: on a larger
 * page of the site it may spend all of it, and the rest of the rule is
 * then skipped. */
static void
cost_list(const struct rule *r, const struct rule_list *l, const char *what,
	  const struct dom *d, const char *page)
{
	for (int i = 0; i < l->n; i++) {
		struct xpath_doc *x = xpath_doc_new(d);
		int *ids = NULL;
		char err[300];
		/* a failure here is rule_check's to report; only the cost counts */
		(void)xpath_select(x, l->v[i], &ids, err, sizeof err);
		unsigned long used = xpath_budget_used(x);
		if (xpath_over_budget(x))
			eprintf("pith: %s:%d: warning: %s: expensive on %s: over a page's "
				"whole XPath budget (%lu steps)\n", r->path ? r->path : "-",
				l->line[i], what, page, (unsigned long)XPATH_BUDGET);
		else if (used > XPATH_BUDGET / 10)
			eprintf("pith: %s:%d: warning: %s: expensive on %s: %lu XPath "
				"steps, %.0f %% of a page's budget\n", r->path ? r->path : "-",
				l->line[i], what, page, used, 100.0 * (double)used / XPATH_BUDGET);
		free(ids);
		xpath_doc_free(x);
	}
}

/* A rule's test page: a regular file only (a FIFO named as a test page
 * would block rules test and check forever), loaded into pg, which the
 * caller frees whatever the outcome. */
static int
test_page_load(const struct cli *c, const char *file, struct page *pg, char *err,
	       size_t errlen)
{
	memset(pg, 0, sizeof *pg);
	if (check_regular(file, 0, err, errlen) < 0)
		return -1;
	return page_load(pg, file, &c->page, true, err, errlen);
}

static void
check_costs(struct cli *c, const struct rule *r)
{
	for (int t = 0; t < r->ntests; t++) {
		if (!r->tests[t].file)
			continue;
		char *file = beside(r->path ? r->path : "-", r->tests[t].file);
		struct page pg;
		char err[256];
		if (test_page_load(c, file, &pg, err, sizeof err) == 0) {
			cost_list(r, &r->body, "body", pg.dom, file);
			cost_list(r, &r->strip, "strip", pg.dom, file);
			cost_list(r, &r->title, "title", pg.dom, file);
			cost_list(r, &r->date, "date", pg.dom, file);
		}
		page_free(&pg);
		free(file);
	}
}

/* Directives pith reads and applies; every other one is kept for the
 * readers that apply it. */
static bool
applied(const char *name)
{
	static const char *const names[] = {
		"title", "body", "strip", "strip_attr", "strip_id_or_class", "strip_image_src",
		"date", "author", "test_url", "test_contains", "test_not_contains",
		"autodetect_on_failure",
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(names[i], name))
			return true;
	return !strncmp(name, "pith_", 5);
}

struct tally {
	char **name;
	int *files, n;
};

static void
tally_rule(struct tally *t, const struct rule *r)
{
	for (int i = 0; i < r->nlines; i++) {
		const struct rule_line *l = &r->lines[i];
		if (l->kind != RULE_DIRECTIVE || applied(l->name))
			continue;
		int k = 0;
		while (k < t->n && strcmp(t->name[k], l->name))
			k++;
		if (k == t->n) {
			t->name = xreallocarray(t->name, (size_t)t->n + 1, sizeof *t->name);
			t->files = xreallocarray(t->files, (size_t)t->n + 1, sizeof *t->files);
			t->name[t->n] = xstrdup(l->name);
			t->files[t->n++] = 0;
		}
		/* once a file: counted when first seen in it */
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = r->lines[j].kind == RULE_DIRECTIVE && !strcmp(r->lines[j].name, l->name);
		t->files[k] += !seen;
	}
}

static int
rules_check_cmd(struct cli *c, int argc, char **argv)
{
	int problems = 0, files = 0;
	struct tally t = { 0 };
	for (int i = 0; i < argc; i++) {
		struct rules_set *s;
		if (load(argv[i], &s, &problems) < 0)
			continue;
		for (int k = 0; k < s->n; k++) {
			problems += rule_check(s->v[k], print_diag, NULL);
			check_costs(c, s->v[k]);
			tally_rule(&t, s->v[k]);
		}
		files += s->n;
		rules_set_free(s);
	}
	/* said once, not per page: valid lines other readers apply */
	if (t.n) {
		printf("not applied by pith, kept for other readers:");
		for (int k = 0; k < t.n; k++)
			printf("%s %s (%d file%s)", k ? "," : "", t.name[k], t.files[k],
			       t.files[k] == 1 ? "" : "s");
		printf("\n");
	}
	for (int k = 0; k < t.n; k++)
		free(t.name[k]);
	free(t.name);
	free(t.files);
	printf("%d rule file%s, %d problem%s\n", files, files == 1 ? "" : "s",
	       problems, problems == 1 ? "" : "s");
	return problems ? 1 : 0;
}

/* Does hay (whitespace-collapsed) contain needle (collapsed too)? */
static bool
contains(const char *hay, size_t n, const char *needle)
{
	struct buf h, k;
	buf_init(&h);
	buf_init(&k);
	text_collapse(hay, n, &h);
	text_collapse(needle, strlen(needle), &k);
	bool ok = strstr(h.data ? h.data : "", k.data ? k.data : "") != NULL;
	buf_free(&h);
	buf_free(&k);
	return ok;
}

static char *
beside(const char *rule_path, const char *rel)
{
	const char *slash = strrchr(rule_path, '/');
	size_t dl = slash ? (size_t)(slash - rule_path) : 1;
	size_t len = dl + strlen(rel) + 2;
	char *p = xmalloc(len);
	if (rel[0] == '/')
		snprintf(p, len, "%s", rel);
	else
		snprintf(p, len, "%.*s/%s", (int)dl, slash ? rule_path : ".", rel);
	return p;
}

/* "body: line N matched" */
static const char *
body_line_name(const struct rule *r, int line)
{
	static char b[64];
	(void)r;
	snprintf(b, sizeof b, "body: line %d matched", line);
	return b;
}

/* "note" lines for the rule's title:, date:, author:, next_page_link:
 * and single_page_link: expressions of which none gives anything on the
 * test's page. */
static void
dead_lines(const struct rule *r, struct page *pg, const char *where, const struct rule_test *t)
{
	if (!pg->dom)
		return;
	struct xpath_doc *x = xpath_doc_new(pg->dom);
	const struct { const char *name; const struct rule_list *l; bool nodes; } lists[] = {
		{ "title", &r->title, false }, { "date", &r->date, false },
		{ "author", &r->author, false },
	};
	for (size_t k = 0; k < sizeof lists / sizeof *lists; k++) {
		const struct rule_list *l = lists[k].l;
		bool any = false;
		for (int i = 0; i < l->n && !any; i++) {
			char *v = NULL, err[300];
			any = xpath_string(x, l->v[i], &v, err, sizeof err) == 0 && v;
			free(v);
		}
		if (l->n && !any)
			oprintf("note %s:%d %s: no %s: line gives anything (line %d%s)\n", where,
			       t->line, t->url, lists[k].name, l->line[0], l->n > 1 ? ", ..." : "");
	}
	/* the multi-page links, read from the lines themselves */
	for (int i = 0; i < r->nlines; i++) {
		const struct rule_line *ln = &r->lines[i];
		if (ln->kind != RULE_DIRECTIVE || (strcmp(ln->name, "next_page_link") &&
						   strcmp(ln->name, "single_page_link")))
			continue;
		int *ids = NULL;
		char err[300];
		int n = xpath_select(x, ln->value, &ids, err, sizeof err);
		free(ids);
		if (n <= 0)
			oprintf("note %s:%d %s: %s: line %d selects nothing\n", where, t->line, t->url,
			       ln->name, ln->lineno);
	}
	xpath_doc_free(x);
}

/* One test: 1 passed, 0 failed, -1 skipped. */
static int
run_test(struct cli *c, const struct rule *r, const struct rule_test *t)
{
	char err[256];
	struct page pg;
	memset(&pg, 0, sizeof pg);
	const char *where = r->path ? r->path : "-";
	char *file = t->file ? beside(where, t->file) : NULL;
	int rc;
	if (file) {
		rc = test_page_load(c, file, &pg, err, sizeof err);
	} else if (c->online) {
		rc = cli_load(c, t->url, &pg, true, err, sizeof err);
	} else {
		oprintf("skip %s:%d %s (no pith_test_file; --online fetches it)\n",
		       where, t->line, t->url);
		return -1;
	}
	if (rc < 0) {
		oprintf("fail %s:%d %s: %s: %s\n", where, t->line, t->url,
		       file ? file : t->url, err);
		page_free(&pg);
		free(file);
		return 0;
	}
	const struct method *a = c->algo;
	struct params p = c->params;
	rule_settings(r, c->algo_given, &a, &p);
	int ndiag = 0;
	struct run run;
	run_init(&run);
	struct run_input ri = {
		.method = a, .params = &p, .index = -1, .rule = r,
		.diag = print_diag, .diag_ctx = &ndiag,
	};
	run_page(&run, &pg, &ri);
	struct buf text = run.text;
	const struct rules_outcome o = run.outcome;
	int missing = 0;
	const char *tx = text.data ? text.data : "";
	/* a body: that selects nothing is a dead rule, whatever the method
	 * would have rescued */
	if (r->body.n && !o.body_line) {
		oprintf("fail %s:%d %s: no body: line selects anything (%d line%s)\n", where,
		       t->line, t->url, r->body.n, r->body.n == 1 ? "" : "s");
		missing++;
	}
	for (int k = 0; k < t->ncontains; k++)
		if (!contains(tx, text.len, t->contains[k])) {
			oprintf("fail %s:%d %s: no '%s' in the text\n", where, t->line,
			       t->url, t->contains[k]);
			missing++;
		}
	for (int k = 0; k < t->nnot_contains; k++)
		if (contains(tx, text.len, t->not_contains[k])) {
			oprintf("fail %s:%d %s: '%s' is in the text (test_not_contains)\n", where,
			       t->line, t->url, t->not_contains[k]);
			missing++;
		}
	if (!t->ncontains && text.len == 0) {
		oprintf("fail %s:%d %s: no text extracted\n", where, t->line, t->url);
		missing++;
	}
	if (!missing && ndiag) {
		oprintf("fail %s:%d %s: XPath errors (reported above)\n", where,
		       t->line, t->url);
		missing++;
	}
	/* lines that give nothing on the page: said, not failed (a page may
	 * have no date) */
	dead_lines(r, &pg, where, t);
	if (!missing)
		oprintf("pass %s:%d %s (%s)\n", where, t->line, t->url,
		       o.body_line ? body_line_name(r, o.body_line) :
		       r->body.n ? "no body: matched, method used" : "no body: line, method used");
	run_free(&run);
	page_free(&pg);
	free(file);
	return missing ? 0 : 1;
}

static int
rules_test_cmd(struct cli *c, int argc, char **argv)
{
	int problems = 0, passed = 0, failed = 0;
	for (int i = 0; i < argc; i++) {
		struct rules_set *s;
		if (load(argv[i], &s, &problems) < 0)
			continue;
		for (int k = 0; k < s->n; k++)
			for (int j = 0; j < s->v[k]->ntests; j++) {
				int r = run_test(c, s->v[k], &s->v[k]->tests[j]);
				if (r > 0)
					passed++;
				else if (r == 0)
					failed++;
			}
		rules_set_free(s);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed || problems ? 1 : 0;
}

static int
rules_export_cmd(struct cli *c, int argc, char **argv)
{
	const char *fmt = c->format_arg ? c->format_arg : "ftr";
	if (strcmp(fmt, "ftr") && strcmp(fmt, "css") && strcmp(fmt, "json"))
		return cli_usage_error("rules export: unknown format '%s' (ftr, css, json)", fmt);
	if (argc != 1)
		return cli_usage_error("rules export takes one FILE");
	struct rule *r;
	char err[256];
	int ne = 0;
	if (rule_read(argv[0], &r, print_diag, NULL, &ne, err, sizeof err) < 0) {
		cli_report(argv[0], err);
		return 1;
	}
	struct buf out;
	buf_init(&out);
	if (!strcmp(fmt, "ftr"))
		rule_write(r, true, &out);
	else if (!strcmp(fmt, "css"))
		rules_export_css(r, &out, print_diag, NULL);
	else
		rules_export_json(r, &out, print_diag, NULL);
	fwrite(out.data ? out.data : "", 1, out.len, stdout);
	buf_free(&out);
	rule_free(r);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	/* expressions with no CSS form were named on stderr; the rest stands */
	return 0;
}

/* pith rules learn: the site's rule from its pages, verified on each of
 * them, merged into -o FILE|DIR (printed without -o). */
static int
rules_learn_cmd(struct cli *c, int argc, char **argv)
{
	if (!c->url)
		return cli_usage_error("rules learn needs --url URL: the site's address");
	char host[256], orig[2048];
	if (rules_url_parts(c->url, host, sizeof host, NULL) < 0)
		return cli_usage_error("--url %s: no host in it", c->url);
	const char *url = c->url;
	if (rules_unarchive(url, orig, sizeof orig)) {
		/* a rule is for the site archived, never for the archive */
		url = orig;
		rules_url_parts(url, host, sizeof host, NULL);
		eprintf("pith: rules learn: --url is a web archive's address: the rule is for %s, "
			"the original's host\n", host);
	}
	struct strv paths = { 0 };
	cli_expand_paths(argv, argc, &paths);
	int failed = 0;
	struct page *pgs = xcalloc((size_t)paths.n + 1, sizeof *pgs);
	struct learn_page *lp = xcalloc((size_t)paths.n + 1, sizeof *lp);
	int n = 0;
	for (int i = 0; i < paths.n; i++) {
		char err[256];
		if (page_load(&pgs[n], paths.v[i], &c->page, true, err, sizeof err) < 0) {
			cli_report(paths.v[i], err);
			page_free(&pgs[n]);
			failed++;
			continue;
		}
		lp[n].pg = &pgs[n];
		lp[n].file = paths.v[i];
		n++;
	}
	/* --url is the first page's address when it names none of its own;
	 * the others' come from themselves, or they get no test */
	char own[2048];
	if (n > 0 && !learn_page_url(lp[0].pg, url, own, sizeof own))
		lp[0].url = url;
	int rc = failed ? 1 : 0;
	char target[4096] = "", err[512];
	if (n == 0) {
		cli_report("rules learn", "no page could be read");
		rc = 1;
	} else if (c->outdir && rules_target(url, c->outdir, target, sizeof target, err,
					     sizeof err) < 0) {
		/* err names the file or directory already */
		eprintf("pith: %s\n", err);
		rc = 1;
	} else {
		struct learn_out out;
		if (learn_rule(lp, n, url, c->algo, &c->params, c->outdir ? target : NULL, &out,
			       err, sizeof err) < 0) {
			cli_report(c->outdir ? target : "rules learn", err);
			rc = 1;
		} else {
			eprintf("%s%s", out.log.data ? out.log.data : "",
				out.pins_why.data ? out.pins_why.data : "");
			int low = 0;
			for (int i = 0; i < n; i++) {
				const struct learn_check *k = &out.check[i];
				char bl[64] = "no body: matched";
				if (k->body_line)
					snprintf(bl, sizeof bl, "body: line %d", k->body_line);
				eprintf("%s: %.1f %% of the method's text, %.1f %% in other readers "
					"(%s)\n", lp[i].file, 100 * k->f_pith, 100 * k->f_ftr, bl);
				low += k->f_pith < 0.99 || k->f_ftr < 0.99;
			}
			if (low)
				eprintf("pith: warning: the rule gives less than 99 %% of the "
					"method's text on %d of %d pages (worst %s, %.1f %%)\n", low, n,
					lp[out.worst].file, 100 * out.worst_f);
			if (c->outdir) {
				if (rule_save(out.rule, target, err, sizeof err) < 0) {
					cli_report(target, err);
					rc = 1;
				} else {
					eprintf("wrote %s\n", target);
				}
			} else {
				struct buf w;
				buf_init(&w);
				rule_write(out.rule, false, &w);
				fwrite(w.data ? w.data : "", 1, w.len, stdout);
				buf_free(&w);
				if (fflush(stdout) != 0 || ferror(stdout)) {
					cli_report("stdout", "write error");
					rc = 1;
				}
			}
			learn_out_free(&out);
		}
	}
	for (int i = 0; i < n; i++)
		page_free(&pgs[i]);
	free(pgs);
	free(lp);
	strv_free(&paths);
	return rc;
}

int
cmd_rules(struct cli *c)
{
	if (c->ninputs < 1)
		return cli_usage_error("rules needs check, test, export or learn");
	const char *sub = c->inputs[0];
	int argc = c->ninputs - 1;
	char **argv = c->inputs + 1;
	if (!strcmp(sub, "export"))
		return rules_export_cmd(c, argc, argv);
	if (argc < 1)
		return cli_usage_error("rules %s needs a FILE or DIR", sub);
	if (!strcmp(sub, "check"))
		return rules_check_cmd(c, argc, argv);
	if (!strcmp(sub, "test"))
		return rules_test_cmd(c, argc, argv);
	if (!strcmp(sub, "learn"))
		return rules_learn_cmd(c, argc, argv);
	return cli_usage_error("unknown rules command '%s' (check, test, export, learn)", sub);
}
