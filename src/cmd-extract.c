/* cmd-extract.c - pith extract: batch extraction over files, directories,
 * standard input, URLs and WARC files, in N worker processes.
 *
 * libtidy is not thread-safe, so parallel runs fork workers.  The parent
 * reads the inputs (a WARC file record by record), hands out a few pages
 * at a time to each worker (a slow page holds up three at most), keeps
 * finished results and prints them in input order. */
#include "config.h"

#include <errno.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "format.h"
#include "inputs.h"
#include "rules/multipage.h"
#include "rules/rules.h"
#include "run.h"
#include "score.h"
#include "walk.h"

/* ---- one page ---- */

/* --gold-dir: how a page scored, for the run's summary. */
struct gold_tally {
	int kind;           /* GOLD_NONE, GOLD_TEXT, GOLD_SNIPPETS */
	double P, R, F;     /* characters, against NAME.gold.txt */
	int with, with_found, without, without_found;   /* snippets */
};
enum { GOLD_NONE, GOLD_TEXT, GOLD_SNIPPETS };

struct result {
	int failed;
	struct buf out;     /* what to print (or the reason when failed) */
	int rule;           /* the site rule applied: its index in --rules, or -1 */
	int body_line;      /* its body: line that matched, 0 for none */
	struct gold_tally gold;
};

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The output name of each input, without extension: its path below the
 * directory it was found in (mirrored under -o DIR), its base name when
 * named itself, "stdin" for -, and a URL with its unsafe characters
 * replaced. */
static char *
out_name(const char *input, const char *root)
{
	if (!strcmp(input, "-"))
		return xstrdup("stdin");
	const char *rel = input;
	size_t rl = root ? strlen(root) : 0;
	if (root && !strncmp(input, root, rl) && input[rl] == '/')
		rel = input + rl + 1;
	else if (strrchr(input, '/') && !cli_is_url(input))
		rel = strrchr(input, '/') + 1;
	else if (cli_is_url(input))
		rel = strstr(input, "://") + 3;
	char *n = xstrdup(rel);
	char *base = strrchr(n, '/');
	base = base ? base + 1 : n;
	/* the extension goes, a compressed page's two */
	for (int k = 0; k < 2 && !cli_is_url(input); k++) {
		char *dot = strrchr(base, '.');
		if (!dot || dot == base || (k == 1 && !str_has_suffix(rel, ".gz")))
			break;
		*dot = '\0';
	}
	/* a URL's name may hold characters a file name should not */
	if (cli_is_url(input))
		for (char *c = n; *c; c++)
			if (*c == '/' || *c == '?' || *c == '&' || *c == ':')
				*c = '_';
	return n;
}

/* The rule lines found bad when the rules were loaded (reported then, in
 * rules check's words): a page that meets one again says nothing. */
static struct {
	const char **file;
	int *line, n, cap;
} reported;

static bool
reported_before(const char *file, int line)
{
	for (int i = 0; i < reported.n; i++)
		if (reported.line[i] == line && !strcmp(reported.file[i], file))
			return true;
	return false;
}

static void
rule_diag(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx;
	if (!reported_before(file, line))
		eprintf("pith: %s:%d: %s\n", file, line, reason);
}

/* At load: the report, and the line noted. */
static void
load_diag(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx;
	eprintf("pith: %s:%d: %s\n", file, line, reason);
	if (reported.n == reported.cap) {
		reported.cap = reported.cap ? 2 * reported.cap : 16;
		reported.file = xreallocarray(reported.file, (size_t)reported.cap,
					      sizeof *reported.file);
		reported.line = xreallocarray(reported.line, (size_t)reported.cap,
					      sizeof *reported.line);
	}
	reported.file[reported.n] = file;
	reported.line[reported.n++] = line;
}

struct passage_ctx {
	const char *input, *what;
	int n;
};

/* A passage -v prints is cut near this many bytes. */
#define PASSAGE_BYTES 160

static void
passage(void *ctx, const char *line, size_t n, size_t off)
{
	struct passage_ctx *p = ctx;
	(void)off;
	/* cut at 160 bytes, on a character's first byte: a message is
	 * valid UTF-8 ("改\xe9\x80..." was not) */
	size_t k = utf8_cut(line, n, PASSAGE_BYTES);
	if (p->n++ < 20)
		eprintf("%s: %s: %.*s%s\n", p->input, p->what, (int)k, line, k < n ? "..." : "");
}

/* Snippets of DIR/NAME.with.txt (kind "with") or .without.txt, one a
 * line: how many, and how many the text holds (all without white space,
 * as the passages are compared); with -v, each that is wrong said. */
static int
snippets(const struct cli *c, const char *input, const char *path, bool with,
	 const char *flat, int *found)
{
	struct buf sn, b;
	buf_init(&sn);
	buf_init(&b);
	char err[256];
	int n = -1;
	*found = 0;
	if (read_file(path, (size_t)1 << 24, &sn, err, sizeof err) == 0) {
		n = 0;
		for (size_t i = 0; i < sn.len;) {
			const char *nl = memchr(sn.data + i, '\n', sn.len - i);
			size_t e = nl ? (size_t)(nl - sn.data) : sn.len;
			b.len = 0;
			text_blind(sn.data + i, e - i, &b);
			if (b.len) {
				buf_adds(&b, "");
				bool in = strstr(flat, b.data) != NULL;
				n++;
				*found += in;
				if (c->verbose && in != with) {
					struct passage_ctx pc = { input, with ? "missing" : "extra", 0 };
					struct buf line;
					buf_init(&line);
					text_collapse(sn.data + i, e - i, &line);
					passage(&pc, line.data, line.len, i);
					buf_free(&line);
				}
			}
			i = e + 1;
		}
	}
	buf_free(&sn);
	buf_free(&b);
	return n;
}

/* --gold-dir: the page's score against DIR/NAME.gold.txt and, with -v,
 * the gold's passages the text lacks and the text's the gold lacks; or,
 * with no gold text, against the snippets of DIR/NAME.with.txt (to be
 * in the text) and NAME.without.txt (not to be), as trafilatura's
 * evaluation has them. */
static void
gold_report(const struct cli *c, const char *input, const char *text, size_t len,
	    struct gold_tally *g)
{
	char *name = out_name(input, NULL);
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	struct buf path, gold;
	buf_init(&path);
	buf_init(&gold);
	buf_printf(&path, "%s/%s.gold.txt", c->gold_dir, base);
	char err[256];
	memset(g, 0, sizeof *g);
	if (read_file(path.data, (size_t)1 << 26, &gold, err, sizeof err) == 0) {
		struct prf s = prf_chars(gold.data ? gold.data : "", gold.len, text, len);
		eprintf("%s: characters P %.3f R %.3f F %.3f against %s\n", input,
			s.P, s.R, s.F, path.data);
		*g = (struct gold_tally){ .kind = GOLD_TEXT, .P = s.P, .R = s.R, .F = s.F };
		if (c->verbose) {
			struct passage_ctx m = { input, "missing", 0 }, x = { input, "extra", 0 };
			score_missing(gold.data ? gold.data : "", gold.len, text, len, passage, &m);
			score_missing(text, len, gold.data ? gold.data : "", gold.len, passage, &x);
			if (m.n > 20 || x.n > 20)
				eprintf("%s: %d missing and %d extra passages in all\n",
					input, m.n, x.n);
		}
	} else {
		struct buf flat, wp, wop;
		buf_init(&flat);
		buf_init(&wp);
		buf_init(&wop);
		text_blind(text, len, &flat);
		buf_adds(&flat, "");
		buf_printf(&wp, "%s/%s.with.txt", c->gold_dir, base);
		buf_printf(&wop, "%s/%s.without.txt", c->gold_dir, base);
		int wf, wof;
		int w = snippets(c, input, wp.data, true, flat.data, &wf);
		int wo = snippets(c, input, wop.data, false, flat.data, &wof);
		if (w < 0 && wo < 0) {
			eprintf("%s: no gold (%s: %s)\n", input, path.data, err);
		} else {
			*g = (struct gold_tally){ .kind = GOLD_SNIPPETS,
				.with = w > 0 ? w : 0, .with_found = wf,
				.without = wo > 0 ? wo : 0, .without_found = wof };
			eprintf("%s: snippets: %d of %d found, %d of %d absent, against %s/%s.with.txt "
				"and .without.txt\n", input, g->with_found, g->with,
				g->without - g->without_found, g->without, c->gold_dir, base);
		}
		buf_free(&flat);
		buf_free(&wp);
		buf_free(&wop);
	}
	buf_free(&path);
	buf_free(&gold);
	free(name);
}

/* A multi-page article: the pages the rule's next_page_link names, when
 * their files are at hand (--siblings, or beside the page, known by
 * their address), each run with the same rule and its text appended.
 * The number of pages followed. */
static int
follow_pages(const struct cli *c, const struct rule *rule, const struct method *algo,
	     const struct params *p, struct page *first, const char *input, const char *url,
	     struct buf *text)
{
	struct strv cands = { 0 }, seen = { 0 };
	cli_sibling_paths(c, &cands);
	if (url)
		strv_add(&seen, url);
	struct page cur;
	bool own = false;
	const struct page *at = first;
	char *at_url = url ? xstrdup(url) : NULL, *at_path = xstrdup(input);
	int followed = 0;
	for (int k = 0; k < MULTIPAGE_MAX; k++) {
		char *next = multipage_link(rule, "next_page_link", at->dom, at_url);
		bool loop = false;
		for (int i = 0; next && i < seen.n && !loop; i++)
			loop = !strcmp(seen.v[i], next);
		char *file = next && !loop ? multipage_find(next, &cands, at_path) : NULL;
		if (c->verbose && next)
			eprintf("%s: next_page_link: %s%s\n", input, next,
				loop ? " (seen before: stopped)" : file ? "" : " (no local file has it)");
		struct page np;
		char err[256];
		if (!file || cli_load(c, file, &np, true, err, sizeof err) < 0) {
			if (file) {
				cli_report(file, err);
				page_free(&np);
			}
			free(next);
			free(file);
			break;
		}
		strv_add(&seen, next);
		struct run run;
		run_init(&run);
		struct run_input ri = { .method = algo, .params = p, .index = -1, .rule = rule,
					.ftr_only = c->ftr_only };
		run_page(&run, &np, &ri);
		buf_add(text, run.text.data, run.text.len);
		run_free(&run);
		if (own)
			page_free(&cur);
		cur = np;
		own = true;
		at = &cur;
		free(at_url);
		free(at_path);
		at_url = next;
		at_path = file;
		followed++;
	}
	if (own)
		page_free(&cur);
	free(at_url);
	free(at_path);
	strv_free(&cands);
	strv_free(&seen);
	return followed;
}

/* Load the item's page: a file (or URL) by cli_load, bytes as they are. */
static int
item_load(const struct cli *c, const struct item *it, struct page *pg, bool want_dom,
	  char *err, size_t errlen)
{
	const char *input = it->s[S_NAME];
	if (it->input >= 0)
		return cli_load(c, input, pg, want_dom, err, errlen);
	cli_test_hang(input);
	struct page_opts o = c->page;
	if (it->s[S_TYPE])
		o.load.http_type = it->s[S_TYPE];
	return page_load_bytes(pg, input, it->bytes, it->len, &o, want_dom, err, errlen);
}

/* -v: how the page was read, its script and what the parser lost. */
static void
say_loaded(const char *input, struct page *pg)
{
	const struct load_result *l = &pg->src;
	eprintf("%s: %s (%s), %zu replaced, %zu references, "
		"%zu presentation forms%s%s\n", input, l->charset.name,
		charset_how(&l->charset), l->replacements,
		l->refs_decoded, l->forms_normalised,
		*l->charset.note ? "; " : "", l->charset.note);
	if (pg->dom) {
		const struct tib_detect *sc = page_script(pg);
		eprintf("%s: script %s%s, syllables at 1-7 %.2f, "
			"at 1-5 %.2f%s%s%s\n", input,
			tib_script_name(sc->dominant),
			sc->tibetan ? ", Tibetan page" : "",
			sc->share7, sc->share5,
			*sc->legacy_font ? "; legacy Tibetan encoding suspected (" : "",
			sc->legacy_font, *sc->legacy_font ? ")" : "");
		struct buf note;
		buf_init(&note);
		dom_parse_note(pg->dom, true, &note);
		eprintf("%s: %s%s\n", input, dom_lost(pg->dom) ? "warning: " : "", note.data);
		buf_free(&note);
	}
}

/* -v: which rule's body: line matched, or why the method decided. */
static void
say_rule(const struct cli *c, const char *input, const struct rule *rule,
	 const struct run *run, const char *rule_url)
{
	if (c->verbose && rule) {
		const char *rn = rule->path ? rule->path : rule->host;
		if (run->outcome.body_line)
			eprintf("%s: rule %s: body: line %d matched\n", input, rn,
				run->outcome.body_line);
		else
			eprintf("%s: rule %s: %s, %s\n", input, rn,
				rule->body.n ? "no body: line matched" : "the rule has no body: line",
				run->by_rule ? "autodetect_on_failure: no, nothing extracted" :
				c->ftr_only ? "the method decided, standing in for the reader's own detection" :
				"the method decided");
	} else if (c->verbose && c->ruleset) {
		eprintf("%s: no rule for %s\n", input, rule_url ? rule_url : "this page");
	}
}

/* A rule's date is as the page wrote it: ISO 8601 when it reads as one. */
static void
rule_date_iso(struct page *pg)
{
	if (!pg->meta.date || !pg->meta.date_from || strcmp(pg->meta.date_from, "rule"))
		return;
	char day[11], *iso = extract_date_iso(pg->meta.date);
	if (!iso && extract_date_text(pg->meta.date, strlen(pg->meta.date),
				      pg->meta.language, day))
		iso = xstrdup(day);
	if (iso) {
		free(pg->meta.date);
		pg->meta.date = iso;
	}
}

/* -o: the page's output written below DIR, as the input was below its
 * directory; r->out then holds nothing, or the reason it failed. */
static void
write_output(const struct cli *c, const char *outpath, struct result *r)
{
	struct buf *o = &r->out;
	char err[256];
	char *dir = xstrdup(outpath);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	if (slash && mkdir_parents(dir) < 0) {
		o->len = 0;
		buf_printf(o, "%s: %s", dir, strerror(errno));
		r->failed = 1;
	} else if (write_file_atomic(outpath, o->data ? o->data : "", o->len,
				     c->force ? 0 : WRITE_BACKUP, err, sizeof err) < 0) {
		o->len = 0;
		buf_printf(o, "%s: %s", outpath, err);
		r->failed = 1;
	} else {
		o->len = 0;
	}
	free(dir);
}

static void
extract_page(const struct cli *c, const void *site, const struct item *it,
	     const char *outpath, struct result *r)
{
	double t0 = now_ms();
	const char *input = it->s[S_NAME];
	struct page pg;
	char err[256];
	buf_init(&r->out);
	r->failed = 0;
	r->rule = -1;
	memset(&r->gold, 0, sizeof r->gold);
	r->body_line = 0;
	bool structured = c->format == FORMAT_MARKDOWN || c->format == FORMAT_HTML;
	if (item_load(c, it, &pg, c->algo->needs_dom || c->ruleset || structured || c->comments,
		      err, sizeof err) < 0) {
		r->failed = 1;
		buf_adds(&r->out, err);
		page_free(&pg);
		return;
	}
	if (c->verbose)
		say_loaded(input, &pg);
	/* the page's address dates it too (a date in its path) */
	const char *page_url = c->url ? c->url : cli_is_url(input) ? input : NULL;
	if (page_url && pg.dom && !c->page.canonical_only) {
		extract_meta_free(&pg.meta);
		extract_meta_url(pg.dom, page_url, &pg.meta);
	}
	/* the site rule, if one matches, decides instead of the method */
	char *side = NULL;
	const char *rule_url = it->s[S_URL] ? it->s[S_URL] : c->url ? c->url :
			       cli_is_url(input) ? input : pg.meta.canonical;
	/* input is an argv string or a walked path, never NULL */
	if (!rule_url && c->ruleset && it->input >= 0 && strcmp(input, "-"))   /* NOLINT(clang-analyzer-core.NonNullParamChecker) */
		rule_url = side = multipage_sidecar(input);
	const struct rule *rule = c->ruleset ? rules_match(c->ruleset, rule_url) : NULL;
	const struct method *algo = c->algo;
	struct params p = c->params;
	if (rule && !c->ftr_only)      /* ftr readers ignore pith_ lines */
		rule_settings(rule, c->algo_given, &algo, &p);
	struct run run;
	run_init(&run);
	struct run_input ri = {
		.method = algo, .params = &p, .index = it->site_index, .rule = rule,
		.site = algo == c->algo ? site : NULL, .diag = rule_diag,
		.ftr_only = c->ftr_only,
	};
	run_page(&run, &pg, &ri);
	if (rule) {
		for (int k = 0; k < c->ruleset->n; k++)
			if (c->ruleset->v[k] == rule)
				r->rule = k;
		r->body_line = run.outcome.body_line;
	}
	if (c->verbose)
		say_rule(c, input, rule, &run, rule_url);
	/* the rest of a multi-page article, and the one-page version's
	 * address (said; pith does not fetch it) */
	int more_pages = 0;
	char *single = NULL;
	if (rule && pg.dom && (c->format == FORMAT_TEXT || c->format == FORMAT_JSON)) {
		const char *u = rule_url && cli_is_url(rule_url) ? rule_url : NULL;
		single = multipage_link(rule, "single_page_link", pg.dom, u);
		if (c->verbose && single)
			eprintf("%s: single_page_link: %s\n", input, single);
		if (run.outcome.body_line)
			more_pages = follow_pages(c, rule, algo, &p, &pg, input, u, &run.text);
	}
	if (c->verbose && algo->report && run.state_of == algo)
		algo->report(&run, &pg, input, stderr);
	if (run.rule)
		rule_date_iso(&pg);
	if (c->gold_dir)
		gold_report(c, input, run.text.data, run.text.len, &r->gold);
	struct buf comments;
	buf_init(&comments);
	if (c->comments && pg.dom)
		extract_comments(pg.dom, run.dc.content, run.masked ? run.mask : NULL, &comments);
	double ms = now_ms() - t0;

	struct buf *o = &r->out;
	const char *url = it->s[S_URL] ? it->s[S_URL] : c->url ? c->url :
			  cli_is_url(input) ? input : pg.meta.canonical;
	struct page_out j = {
		.format = c->format, .name = input, .file = it->s[S_FILE], .url = url,
		.record_id = it->s[S_ID], .record_date = it->s[S_DATE], .page_url = page_url,
		.algo = algo, .asked = c->algo, .rules = c->ruleset != NULL, .rule = rule,
		.more_pages = more_pages, .single = single, .ms = ms, .links = c->links,
		.images = c->images, .title = !c->no_title, .front_matter = c->front_matter,
	};
	if (c->format == FORMAT_TEXT && !o->len) {
		/* the text is the output: handed over, not copied, so that a
		 * long page's text is not held twice */
		buf_free(o);
		*o = run.text;
		buf_init(&run.text);
	} else {
		format_write(o, &j, &pg, &run, &comments);
	}
	buf_free(&comments);
	run_free(&run);
	free(single);
	free(side);
	page_free(&pg);

	if (outpath)
		write_output(c, outpath, r);
}

/* ---- output in input order ---- */

struct printer {
	const struct cli *c;
	int printed;        /* pages printed (for form feeds) */
	int done, failed, total;
	double t0;
	bool progress;
	bool broken;        /* standard output failed: the run stops */
	int with_rule;      /* pages a site rule applied to */
	int *dead;          /* per rule of --rules: pages its body: missed */
	int *used;          /* per rule: pages it applied to */
	struct gold_tally gold;     /* --gold-dir: sums over the pages */
	int gold_text, gold_snip, gold_none;
};

/* --gold-dir's last line: the pages scored by a gold text (the means of
 * their character P, R and F), by snippets (pooled), and without gold. */
static void
gold_summary(const struct printer *p)
{
	const struct gold_tally *g = &p->gold;
	struct buf b;
	buf_init(&b);
	buf_printf(&b, "pith: gold: %d page%s against a gold text", p->gold_text,
		   p->gold_text == 1 ? "" : "s");
	if (p->gold_text)
		buf_printf(&b, ", characters P %.3f R %.3f F %.3f (means)", g->P / p->gold_text,
			   g->R / p->gold_text, g->F / p->gold_text);
	buf_printf(&b, "; %d against snippets", p->gold_snip);
	if (p->gold_snip)
		buf_printf(&b, ", %d of %d found, %d of %d absent", g->with_found, g->with,
			   g->without - g->without_found, g->without);
	buf_printf(&b, "; %d with none", p->gold_none);
	eprintf("%s\n", b.data);
	buf_free(&b);
}

/* The run's last line on stderr with --rules: how many pages a rule
 * applied to, and the rules whose body: matched nothing, by file. */
static void
rules_summary(const struct rules_set *s, const struct printer *p)
{
	int files = 0, dead_pages = 0, dead_files = 0;
	if (!p->used || !p->dead)
		return;
	for (int k = 0; k < s->n; k++) {
		files += p->used[k] > 0;
		dead_pages += p->dead[k];
		dead_files += p->dead[k] > 0;
	}
	struct buf b;
	buf_init(&b);
	buf_printf(&b, "pith: rules: %d page%s, %d with a rule (%d file%s); ", p->done,
		   p->done == 1 ? "" : "s", p->with_rule, files, files == 1 ? "" : "s");
	if (!dead_pages)
		buf_adds(&b, "every rule's body: matched");
	else
		buf_printf(&b, "body: matched nothing on %d page%s of %d rule%s:", dead_pages,
			   dead_pages == 1 ? "" : "s", dead_files, dead_files == 1 ? "" : "s");
	for (int k = 0; k < s->n; k++)
		if (p->dead[k]) {
			buf_printf(&b, " %s (%d of %d)", s->v[k]->path ? s->v[k]->path : s->v[k]->host,
				   p->dead[k], p->used[k]);
		}
	eprintf("%s\n", b.data);
	buf_free(&b);
}

/* Print one page's result in input order.  A failed write to standard
 * output (a full disk, a reader that left) is reported at once and stops
 * the run: nothing after it could be delivered. */
static void
emit(struct printer *p, const char *input, struct result *r)
{
	if (!r->failed && r->rule >= 0 && p->used) {
		p->with_rule++;
		p->used[r->rule]++;
		p->dead[r->rule] += r->body_line == 0;
	}
	if (!r->failed && p->c->gold_dir) {
		const struct gold_tally *g = &r->gold;
		if (g->kind == GOLD_TEXT) {
			p->gold_text++;
			p->gold.P += g->P;
			p->gold.R += g->R;
			p->gold.F += g->F;
		} else if (g->kind == GOLD_SNIPPETS) {
			p->gold_snip++;
			p->gold.with += g->with;
			p->gold.with_found += g->with_found;
			p->gold.without += g->without;
			p->gold.without_found += g->without_found;
		} else {
			p->gold_none++;
		}
	}
	if (r->failed) {
		if (r->failed == 1)     /* 2: reported already */
			cli_report(input, r->out.data ? r->out.data : "failed");
		p->failed++;
	} else if (!p->c->outdir && !p->broken) {
		if (p->c->format != FORMAT_JSON && p->c->format != FORMAT_WET && p->printed > 0)
			fputs("\f\n", stdout);
		fwrite(r->out.data ? r->out.data : "", 1, r->out.len, stdout);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			cli_report("stdout", strerror(errno));
			p->broken = true;
		}
		p->printed++;
	}
	p->done++;
	if (p->progress) {
		double s = (now_ms() - p->t0) / 1e3;
		if (p->total < 0)   /* WARC files: not known ahead */
			eprintf("\r%d pages, %.0f pages/s, %d failed ",
				p->done, s > 0 ? p->done / s : 0.0, p->failed);
		else
			eprintf("\r%d/%d pages, %.0f pages/s, %d failed ",
				p->done, p->total, s > 0 ? p->done / s : 0.0, p->failed);
		if (p->done == p->total)
			fputc('\n', stderr);
	}
	buf_free(&r->out);
}

/* ---- workers ---- */

/* The pieces of a message in one system call where the pipe takes them:
 * written piece by piece, each write can wake the reader, and the reader
 * that woke too early sleeps and is woken again (in a virtual machine
 * each wake-up costs as much as the write). */
static int
writev_full(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t k = writev(fd, iov, n);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		while (n > 0 && (size_t)k >= iov->iov_len) {
			k -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + k;
			iov->iov_len -= (size_t)k;
		}
	}
	return 0;
}

static int
write_full(int fd, const void *data, size_t n)
{
	struct iovec v = { .iov_base = (void *)data, .iov_len = n };
	return writev_full(fd, &v, 1);
}

static int
read_full(int fd, void *data, size_t n)
{
	char *p = data;
	while (n > 0) {
		ssize_t k = read(fd, p, n);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (k == 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

struct batch {
	const struct cli *c;
	const void *site;
	char **outpath;         /* per input, or NULL without -o */
	const uint8_t *crashed; /* per input: crashed while the site was built */
	int timeout;            /* seconds per page, 0: none, -1: the default */
};

/* The time limit of a page: --timeout, else a stated default where one
 * page must not hold up many (a WARC file's pages, -j runs). */
static int
item_timeout(const struct batch *b, const struct item *it)
{
	if (b->timeout >= 0)
		return b->timeout;
	return it->warc || b->c->jobs > 1 ? EXTRACT_DEFAULT_TIMEOUT : 0;
}

/* One page of the batch; a page that already crashed while the site was
 * built is not tried again (it was reported then). */
static void
run_one(const struct batch *b, const struct item *it, struct result *r)
{
	if (it->input >= 0 && b->crashed && b->crashed[it->input]) {
		buf_init(&r->out);
		r->failed = 2;
		return;
	}
	extract_page(b->c, b->site, it, it->input >= 0 && b->outpath ?
		     b->outpath[it->input] : NULL, r);
}

/* ---- workers ---- */

struct msg {
	long seq;
	int failed;
	int rule, body_line;
	struct gold_tally gold;
	size_t len;
};

/* What the parent sends a worker: the item's strings, each with its NUL,
 * and its bytes follow, to be read in one piece. */
struct order {
	long seq;               /* -1: stop */
	int input, site_index;
	bool warc;
	size_t len[NSTR];       /* SIZE_MAX: NULL */
	size_t bytes;
};

/* A worker's end on SIGINT, SIGTERM or SIGHUP: its temporary output
 * removed, exit 128 + the signal. */
static void
worker_signal(int sig)
{
	write_tmp_remove();
	_exit(128 + sig);
}

/* The parent's: the signal noted, so that it stops giving work, ends its
 * workers and leaves with it. */
static volatile sig_atomic_t batch_signal;

static void
parent_signal(int sig)
{
	batch_signal = sig;
}

/* The signals that stop a batch. */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP_SIGNALS 3

/* handler for each of them, no SA_RESTART; the old actions in old[]
 * when old is not NULL. */
static void
on_stop_signals(void (*handler)(int), struct sigaction *old)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < NSTOP_SIGNALS; i++)
		sigaction(stop_signals[i], &sa, old ? &old[i] : NULL);
}

/* A worker holds up to QUEUE items: the one it works on, and the next
 * ones, already in its pipe, so that it goes on without waiting for the
 * parent to wake (a page's round trip cost lb a third of its time in the
 * kernel).  An order of more than QUEUE_SMALL bytes (a WARC record's
 * page) is given only to an idle worker: two such could fill the pipe,
 * and the parent would block on it while the worker blocks on its
 * result. */
#define QUEUE 4
#define QUEUE_SMALL 4096

/* A worker's answers that need not wake the parent: the result of a page
 * whose text is at most ANSWER_BODY bytes (with -o, every page's) is put
 * in memory the parent shares, mapped before the fork.  The worker wakes
 * the parent (a message of seq -1 down its pipe) only when NUDGE_AT
 * orders or fewer are left to it, so that a batch of small pages wakes
 * the parent once in QUEUE - NUDGE_AT pages, not once a page: on two
 * cores, each wake-up of the parent puts a worker aside.  What a worker
 * that dies had put in is still there to be read, so the first item it
 * held and did not answer is the one it died on.
 *
 * The counts only grow while a worker lives: given is the parent's,
 * done the worker's, taken the parent's again; slot[i % QUEUE] holds
 * the i-th result put in.  A fresh worker starts them at 0. */
#define ANSWER_BODY 1024
#define NUDGE_AT 1

struct answers {
	unsigned long given;    /* orders written to the worker */
	unsigned long done;     /* results put in (the worker's store) */
	unsigned long taken;    /* results taken out by the parent */
	struct {
		struct msg m;
		char body[ANSWER_BODY];
	} slot[QUEUE];
};

/* Blocks this large or larger are mapped for themselves, and freed
 * memory past this much at the heap's top is given back. */
#define WORKER_MMAP_THRESHOLD (4 << 20)
#define WORKER_TRIM_THRESHOLD (16 << 20)

static void
worker(const struct batch *b, int rfd, int wfd, struct answers *ans)
{
	struct order o;
	struct buf in;
	buf_init(&in);
	unsigned long replied = 0, put = 0;     /* all answers, and those in ans */
	/* a page's buffers (its bytes, their decoding, the text) are freed
	 * and asked for again at the next page.  glibc's own limits (which
	 * it raises as it goes) gave the memory back and faulted it in anew
	 * at every page, 40 faults a page with lb; these keep up to 16 MiB
	 * for the next page.  Setting either limit stops glibc raising the
	 * other, so both are set. */
	mallopt(M_MMAP_THRESHOLD, WORKER_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, WORKER_TRIM_THRESHOLD);
	/* a reader that left must not kill the worker mid-page: its write
	 * fails and the parent sees the pipe close */
	signal(SIGPIPE, SIG_IGN);
	/* interrupted (the terminal's ^C reaches the whole group, the
	 * parent passes on a TERM): no half-written file is left */
	on_stop_signals(worker_signal, NULL);
	while (read_full(rfd, &o, sizeof o) == 0 && o.seq >= 0) {
		struct item it = { .input = o.input, .site_index = o.site_index, .warc = o.warc };
		size_t total = o.bytes;
		for (int k = 0; k < NSTR; k++)
			if (o.len[k] != SIZE_MAX)
				total += o.len[k] + 1;
		in.len = 0;
		buf_reserve(&in, total);
		if (read_full(rfd, in.data, total) < 0)
			_exit(3);
		in.data[total] = '\0';
		size_t at = 0;
		for (int k = 0; k < NSTR; k++) {
			if (o.len[k] == SIZE_MAX)
				continue;
			/* the parent's NUL ends it, whatever it holds */
			in.data[at + o.len[k]] = '\0';
			it.s[k] = in.data + at;
			at += o.len[k] + 1;
		}
		it.bytes = in.data + at;
		it.len = o.bytes;
		struct result r;
		/* the time limit: SIGALRM's default action ends the worker,
		 * and the parent names the page */
		int limit = item_timeout(b, &it);
		if (limit > 0)
			alarm((unsigned)limit);
		run_one(b, &it, &r);
		if (limit > 0)
			alarm(0);
		/* zeroed whole: its padding goes down the pipe too */
		struct msg m;
		memset(&m, 0, sizeof m);
		m.seq = o.seq;
		m.failed = r.failed;
		m.rule = r.rule;
		m.body_line = r.body_line;
		m.gold = r.gold;
		m.len = r.out.len;
		replied++;
		if (ans && r.out.len <= ANSWER_BODY) {
			ans->slot[put % QUEUE].m = m;
			if (r.out.len)
				memcpy(ans->slot[put % QUEUE].body, r.out.data, r.out.len);
			/* the slot is whole before the parent can see it */
			__atomic_store_n(&ans->done, ++put, __ATOMIC_RELEASE);
			unsigned long given = __atomic_load_n(&ans->given, __ATOMIC_ACQUIRE);
			if (given - replied <= NUDGE_AT) {
				struct msg nudge;
				memset(&nudge, 0, sizeof nudge);
				nudge.seq = -1;
				if (write_full(wfd, &nudge, sizeof nudge) < 0)
					_exit(3);
			}
		} else {
			struct iovec iov[2] = {
				{ &m, sizeof m }, { r.out.data ? r.out.data : "", r.out.len },
			};
			if (writev_full(wfd, iov, 2) < 0)
				_exit(3);
		}
		buf_free(&r.out);
	}
	_exit(0);
}

struct slot {
	pid_t pid;
	int to, from;
	struct answers *ans;        /* its answers, shared; NULL: all by the pipe */
	int held;               /* items given and not yet answered */
	long seq[QUEUE];        /* theirs, the one it works on first */
	struct buf order[QUEUE];  /* as sent, to send a fresh worker again */
	long pages;             /* pages it has done */
	bool worn;              /* takes no more: replaced when it is idle */
};

/* A worker is replaced after this many pages, or once its resident
 * memory passes WORKER_RSS: no leak in a library (libtidy has had some)
 * can grow a long batch. */
#define WORKER_PAGES 2000
#define WORKER_RSS ((long)1 << 30)

/* A worker is given no more than this many pages: WORKER_PAGES, or
 * $PITH_TEST_WORKER_PAGES for the tests. */
static long
worker_pages(void)
{
	static long limit = -1;
	if (limit < 0) {
		const char *e = getenv("PITH_TEST_WORKER_PAGES");
		limit = e && atol(e) > 0 ? atol(e) : WORKER_PAGES;
	}
	return limit;
}

/* The resident memory of process pid in bytes, -1 when unknown. */
static long
rss_of(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long size, resident;
	int ok = fscanf(f, "%ld %ld", &size, &resident) == 2;
	fclose(f);
	return ok ? resident * sysconf(_SC_PAGESIZE) : -1;
}

/* Start worker k; its child end of the pipes, and no other worker's. */
static int
spawn(const struct batch *b, struct slot *w, int nw, int k)
{
	int down[2], up[2];
	if (pipe(down) < 0)
		return -1;
	if (pipe(up) < 0) {
		close(down[0]);
		close(down[1]);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	if (w[k].ans)
		w[k].ans->given = w[k].ans->done = w[k].ans->taken = 0;
	pid_t parent = getpid();
	/* a stop signal between the fork and the worker's own handlers would
	 * reach the parent's (a flag the worker never reads): blocked over
	 * the fork, it waits for the handler of whichever process has it */
	sigset_t stop, was;
	sigemptyset(&stop);
	for (int i = 0; i < NSTOP_SIGNALS; i++)
		sigaddset(&stop, stop_signals[i]);
	sigprocmask(SIG_BLOCK, &stop, &was);
	pid_t pid = fork();
	if (pid == 0)
		on_stop_signals(worker_signal, NULL);
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (pid < 0) {
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		return -1;
	}
	if (pid == 0) {
		/* a worker dies with its parent, however the parent ends (a
		 * SIGKILL has no handler to end the workers) */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(128 + SIGTERM);
		close(down[1]);
		close(up[0]);
		for (int j = 0; j < nw; j++)
			if (j != k && w[j].pid > 0) {
				close(w[j].to);
				close(w[j].from);
			}
		worker(b, down[0], up[1], w[k].ans);
	}
	close(down[0]);
	close(up[1]);
	w[k].pid = pid;
	w[k].to = down[1];
	w[k].from = up[0];
	w[k].pages = 0;
	w[k].worn = false;
	return 0;
}

/* The order for item it, in out. */
static void
order_of(long seq, const struct item *it, struct buf *out)
{
	/* zeroed whole: its padding goes down the pipe too */
	struct order o;
	memset(&o, 0, sizeof o);
	o.seq = seq;
	o.input = it->input;
	o.site_index = it->site_index;
	o.warc = it->warc;
	o.bytes = it->len;
	for (int k = 0; k < NSTR; k++)
		o.len[k] = it->s[k] ? strlen(it->s[k]) : SIZE_MAX;
	out->len = 0;
	buf_add(out, &o, sizeof o);
	for (int k = 0; k < NSTR; k++)
		if (it->s[k])
			buf_add(out, it->s[k], o.len[k] + 1);
	buf_add(out, it->bytes ? it->bytes : "", it->len);
}

/* Whether worker w can take an order of n bytes now. */
static bool
can_take(const struct slot *w, size_t n)
{
	if (w->pid <= 0 || w->worn || w->held == QUEUE || w->pages + w->held >= worker_pages())
		return false;
	if (w->held == 0)
		return true;
	for (int i = 0; i < w->held; i++)
		if (w->order[i].len > QUEUE_SMALL)
			return false;
	return n <= QUEUE_SMALL;
}

/* Item seq, whose order is in ord, to worker w. */
static int
give(struct slot *w, long seq, struct buf *ord)
{
	struct buf t = w->order[w->held];
	w->order[w->held] = *ord;
	*ord = t;
	w->seq[w->held++] = seq;
	if (w->ans)
		__atomic_store_n(&w->ans->given, w->ans->given + 1, __ATOMIC_RELEASE);
	return write_full(w->to, w->order[w->held - 1].data, w->order[w->held - 1].len);
}

/* Worker w has answered its first item. */
static void
answered(struct slot *w)
{
	struct buf t = w->order[0];
	for (int i = 1; i < w->held; i++) {
		w->seq[i - 1] = w->seq[i];
		w->order[i - 1] = w->order[i];
	}
	w->order[--w->held] = t;
}

/* An item waiting to be printed in input order. */
struct pending {
	char *name;
	int limit;              /* its time limit (s), 0 none */
	struct result r;
	bool have;
};

/* The first item worker w held (p, in ring) is done: failed, for why. */
static void
first_failed(struct slot *w, struct pending *ring, int window, const char *why)
{
	struct pending *p = &ring[w->seq[0] % window];
	buf_free(&p->r.out);
	buf_init(&p->r.out);
	buf_adds(&p->r.out, why);
	p->r.failed = 1;
	p->have = true;
	answered(w);
}

/* The first item worker w held, pending at p, is answered by m (its text
 * in p's out already). */
static void
first_answered(struct slot *w, struct pending *p, const struct msg *m)
{
	p->r.failed = m->failed;
	p->r.rule = m->rule;
	p->r.body_line = m->body_line;
	p->r.gold = m->gold;
	p->have = true;
	answered(w);
}

/* The results worker w has put in its answers and the parent has not
 * taken, into their pending entries, up to the first that is not the
 * answer to the item it holds first (that one's result is in its pipe):
 * how many, or -1 when one answers no item it holds (the worker is then
 * to be replaced). */
static int
take_answers(struct slot *w, struct pending *ring, int window)
{
	if (!w->ans)
		return 0;
	struct answers *ans = w->ans;
	unsigned long done = __atomic_load_n(&ans->done, __ATOMIC_ACQUIRE);
	int n = 0;
	for (; ans->taken < done; ans->taken++, n++) {
		const struct msg *m = &ans->slot[ans->taken % QUEUE].m;
		int i = 0;
		while (i < w->held && m->seq != w->seq[i])
			i++;
		if (i == w->held || m->len > ANSWER_BODY)
			return -1;
		if (i > 0)
			break;
		struct pending *p = &ring[w->seq[0] % window];
		p->r.out.len = 0;
		buf_add(&p->r.out, ans->slot[ans->taken % QUEUE].body, m->len);
		first_answered(w, p, m);
	}
	return n;
}

/* Worker k is gone (crashed, over the time limit, or its pipe broke):
 * the result of the item it worked on says how, and a fresh worker takes
 * its place and the items it held after that one. */
static void
worker_lost(const struct batch *b, struct slot *w, int nw, int k, struct pending *ring,
	    int window)
{
	for (;;) {
		int status = 0;
		close(w[k].to);
		close(w[k].from);
		waitpid(w[k].pid, &status, 0);
		w[k].pid = -1;
		/* what it finished stands; the next is the one it died on
		 * (an answer out of order: that one is blamed too) */
		take_answers(&w[k], ring, window);
		if (w[k].held) {
			int limit = ring[w[k].seq[0] % window].limit;
			char why[128];
			if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM && limit > 0)
				snprintf(why, sizeof why, "over the time limit (%d s)", limit);
			else if (WIFSIGNALED(status))
				snprintf(why, sizeof why, "crashed (signal %d, %s)", WTERMSIG(status),
					 strsignal(WTERMSIG(status)));
			else
				snprintf(why, sizeof why, "crashed (exit status %d)",
					 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
			first_failed(&w[k], ring, window, why);
		}
		if (spawn(b, w, nw, k) < 0) {
			w[k].pid = -1;
			while (w[k].held)
				first_failed(&w[k], ring, window, "no worker process could be started");
			return;
		}
		int i = 0;
		while (i < w[k].held) {
			if (w[k].ans)
				__atomic_store_n(&w[k].ans->given, (unsigned long)i + 1, __ATOMIC_RELEASE);
			if (write_full(w[k].to, w[k].order[i].data, w[k].order[i].len) < 0)
				break;
			i++;
		}
		if (i == w[k].held)
			return;
		/* the fresh worker is gone too: its first item is to blame */
	}
}

/* Tell an idle worker its work is done: it exits. */
static void
send_stop(const struct slot *w)
{
	/* zeroed whole: its padding goes down the pipe too */
	struct order stop;
	memset(&stop, 0, sizeof stop);
	stop.seq = -1;
	write_full(w->to, &stop, sizeof stop);
}

/* Worker k has answered n pages: once it has been given worker_pages()
 * pages, or holds more than WORKER_RSS bytes, it takes no more, and when
 * it is idle a fresh one takes its place. */
static void
retire_if_worn(const struct batch *b, struct slot *w, int nw, int k, int n)
{
	long was = w[k].pages;
	w[k].pages += n;
	if (w[k].pages + w[k].held >= worker_pages() ||
	    (w[k].pages / 64 != was / 64 && rss_of(w[k].pid) > WORKER_RSS))
		w[k].worn = true;
	if (!w[k].worn || w[k].held)
		return;
	if (b->c->verbose) {
		long rss = rss_of(w[k].pid);
		eprintf("pith: worker %d replaced after %ld pages (%ld MiB resident)\n", k + 1,
			w[k].pages, rss > 0 ? rss >> 20 : 0);
	}
	send_stop(&w[k]);
	close(w[k].to);
	close(w[k].from);
	waitpid(w[k].pid, NULL, 0);
	if (spawn(b, w, nw, k) < 0)
		w[k].pid = -1;
}

/* Every page in a worker process, so that a page that crashes the parser
 * or runs over the time limit costs only itself: it is reported, and a
 * fresh worker takes the next page.  The parent reads the inputs (WARC
 * files record by record, so memory stays flat), hands out pages as the
 * workers can take them (QUEUE at most to a worker, so that a slow page
 * holds up QUEUE - 1 pages at most; at most WINDOW pages wait to be
 * printed) and prints results in input order. */
static void
run_workers(const struct batch *b, struct printer *pr, struct inputs *src, int nw)
{
	enum { WINDOW = 256 };
	struct slot *w = xcalloc((size_t)nw, sizeof *w);
	struct pending *ring = xcalloc(WINDOW, sizeof *ring);
	/* the workers' answers, shared; without them (no memory to map)
	 * every result comes down the pipes */
	size_t anssize = (size_t)nw * sizeof(struct answers);
	struct answers *ans = mmap(NULL, anssize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			       -1, 0);
	if (ans == MAP_FAILED)
		ans = NULL;
	for (int k = 0; k < nw; k++)
		w[k].ans = ans ? &ans[k] : NULL;
	signal(SIGPIPE, SIG_IGN);
	/* no SA_RESTART: the poll below returns at the signal */
	struct sigaction old[NSTOP_SIGNALS];
	on_stop_signals(parent_signal, old);
	int alive = 0;
	for (int k = 0; k < nw; k++) {
		if (spawn(b, w, nw, k) < 0)
			w[k].pid = -1;
		else
			alive++;
	}
	long next = 0, next_print = 0;
	bool more = true, waiting = false;      /* an item read, not yet given */
	struct item it;
	struct buf ord;
	buf_init(&ord);
	struct pollfd *pfd = xcalloc((size_t)nw, sizeof *pfd);
	while (!pr->broken && !batch_signal) {
		/* work for every worker that can take it, within the window:
		 * the least busy first */
		while (more && next - next_print < WINDOW) {
			bool any = false;
			for (int j = 0; j < nw; j++)
				any |= w[j].pid > 0;
			if (!waiting) {
				if (!inputs_next(src, &it)) {
					more = false;
					break;
				}
				waiting = true;
				if (!it.error)
					order_of(next, &it, &ord);
			}
			int k = -1;
			for (int j = 0; j < nw; j++)
				if (can_take(&w[j], ord.len) && (k < 0 || w[j].held < w[k].held))
					k = j;
			if (any && !it.error && k < 0)
				break;
			waiting = false;
			struct pending *p = &ring[next % WINDOW];
			p->name = xstrdup(it.s[S_NAME]);
			p->limit = item_timeout(b, &it);
			buf_init(&p->r.out);
			p->have = false;
			if (it.error) {
				buf_adds(&p->r.out, it.error);
				p->r.failed = 1;
				p->have = true;
			} else if (!any) {
				/* no process to be had: run it in this one */
				run_one(b, &it, &p->r);
				p->have = true;
			} else if (give(&w[k], next, &ord) < 0) {
				worker_lost(b, w, nw, k, ring, WINDOW);
			}
			next++;
		}
		while (next_print < next && ring[next_print % WINDOW].have && !pr->broken) {
			struct pending *p = &ring[next_print % WINDOW];
			emit(pr, p->name, &p->r);
			free(p->name);
			p->name = NULL;
			p->have = false;
			next_print++;
		}
		if (!more && next_print == next)
			break;
		int np = 0;
		for (int k = 0; k < nw; k++) {
			pfd[k].fd = w[k].pid > 0 && w[k].held ? w[k].from : -1;
			pfd[k].events = POLLIN;
			pfd[k].revents = 0;
			np += pfd[k].fd >= 0;
		}
		if (np == 0)
			continue;
		if (poll(pfd, (nfds_t)nw, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int k = 0; k < nw; k++) {
			if (!pfd[k].revents)
				continue;
			/* a result, or a nudge (seq -1) to take those in the
			 * worker's answers; answers put in before a result
			 * are taken before it, and those after it, after */
			struct msg m;
			bool ok = read_full(w[k].from, &m, sizeof m) == 0;
			int n = ok ? take_answers(&w[k], ring, WINDOW) : 0;
			ok = ok && n >= 0;
			if (ok && m.seq != -1) {
				ok = w[k].held && m.seq == w[k].seq[0];
				struct pending *p = ok ? &ring[m.seq % WINDOW] : NULL;
				if (ok) {
					struct buf *o = &p->r.out;
					buf_reserve(o, m.len);
					ok = read_full(w[k].from, o->data, m.len) == 0;
					o->len = ok ? m.len : 0;
					o->data[o->len] = '\0';
				}
				if (ok) {
					first_answered(&w[k], p, &m);
					int after = take_answers(&w[k], ring, WINDOW);
					ok = after >= 0;
					n += 1 + (ok ? after : 0);
				}
			}
			if (!ok) {
				worker_lost(b, w, nw, k, ring, WINDOW);
				continue;
			}
			if (n)
				retire_if_worn(b, w, nw, k, n);
		}
	}
	buf_free(&ord);
	for (int k = 0; k < nw; k++) {
		if (w[k].pid <= 0)
			continue;
		if (pr->broken || batch_signal) {
			/* nothing it does can be delivered, or the user asked
			 * to stop: it removes its temporary file and ends */
			kill(w[k].pid, SIGTERM);
		} else {
			send_stop(&w[k]);
		}
		close(w[k].to);
		close(w[k].from);
	}
	for (int k = 0; k < nw; k++)
		if (w[k].pid > 0)
			waitpid(w[k].pid, NULL, 0);
	for (int i = 0; i < NSTOP_SIGNALS; i++)
		sigaction(stop_signals[i], &old[i], NULL);
	if (batch_signal) {
		/* leave as the signal would have: 128 + its number */
		fflush(stdout);
		signal(batch_signal, SIG_DFL);
		raise(batch_signal);
	}
	for (int i = 0; i < WINDOW; i++) {
		free(ring[i].name);
		buf_free(&ring[i].r.out);
	}
	for (int k = 0; k < nw; k++)
		for (int i = 0; i < QUEUE; i++)
			buf_free(&w[k].order[i]);
	free(pfd);
	free(w);
	free(ring);
	if (ans)
		munmap(ans, anssize);
}

/* The inputs as given and listed (--from-list) into args: 0, or the exit
 * status of a usage error or an unreadable list. */
static int
gather_inputs(struct cli *c, struct strv *args)
{
	if (c->ninputs < 1 && !c->from_list)
		return cli_usage_error("extract needs at least one FILE, DIR, URL or -");
	if ((c->links || c->images || c->front_matter) && c->format != FORMAT_MARKDOWN)
		return cli_usage_error("--links, --images and --front-matter go with --format markdown");
	if (c->comments && c->format == FORMAT_TEXT)
		return cli_usage_error("--comments goes with --format json, markdown or html");
	for (int i = 0; i < c->ninputs; i++) {
		if (c->from_list && !strcmp(c->from_list, "-") && !strcmp(c->inputs[i], "-"))
			return cli_usage_error("--from-list - reads standard input: no - input beside it");
		if (c->outdir && inputs_is_warc(c->inputs[i]))
			return cli_usage_error("a WARC file's pages go to standard output: no -o");
		strv_add(args, c->inputs[i]);
	}
	if (c->from_list && inputs_read_list(c->from_list, args) < 0)
		return 1;
	return 0;
}

/* -o DIR made if need be, and writable: 0, or 1 reported. */
static int
check_outdir(const char *dir)
{
	struct stat st;
	if (mkdir_parents(dir) < 0) {
		cli_report(dir, strerror(errno));
		return 1;
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		cli_report(dir, "not a directory");
		return 1;
	}
	if (access(dir, W_OK | X_OK) < 0) {
		cli_report(dir, "directory not writable");
		return 1;
	}
	return 0;
}

/* --rules loaded into c->ruleset, and their XPath lines checked once, now,
 * as rules check words them, not once a page: the problems found, or -1
 * when the rules could not be read (reported). */
static int
load_rules(struct cli *c)
{
	int ne = 0;
	char err[256];
	if (rules_load(c->rules, &c->ruleset, rule_diag, NULL, &ne, err, sizeof err) < 0) {
		cli_report(c->rules, err);
		return -1;
	}
	for (int i = 0; i < c->ruleset->n; i++)
		ne += rule_check_xpath(c->ruleset->v[i], load_diag, NULL);
	return ne;
}

/* -o DIR: one output per page, never two pages on one name (the second
 * is reported and skipped: *status 1). */
static char **
output_paths(const struct cli *c, const struct strv *in, const struct strv *roots,
	     bool *skip, int *status)
{
	char **outpath = xcalloc((size_t)in->n + 1, sizeof *outpath);
	const char *ext = format_entry(c->format)->ext;
	for (int i = 0; i < in->n; i++) {
		const char *root = roots->v[i];
		char *name = out_name(in->v[i], *root ? root : NULL);
		struct buf p;
		buf_init(&p);
		buf_printf(&p, "%s/%s.%s", c->outdir, name, ext);
		free(name);
		outpath[i] = buf_steal(&p, NULL);
		for (int j = 0; j < i && !skip[i]; j++)
			if (outpath[j] && !strcmp(outpath[j], outpath[i])) {
				char why[600];
				snprintf(why, sizeof why, "its output %s is %s's already",
					 outpath[i], in->v[j]);
				cli_report(in->v[i], why);
				skip[i] = true;
				*status = 1;
			}
	}
	return outpath;
}

/* A file by device and inode, and the output it is. */
struct file_id {
	dev_t dev;
	ino_t ino;
	int i;
};

static int
cmp_file_id(const void *a, const void *b)
{
	const struct file_id *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* An output that is one of the inputs (-o DIR the pages' own directory,
 * --format html) would replace the page with its extraction: the usage
 * error's status, before any work, or 0. */
static int
output_clash(const struct strv *in, char *const *outpath)
{
	/* the outputs there already (none in a fresh directory: then no
	 * input needs a stat), sorted by file */
	struct file_id *out = xcalloc((size_t)in->n + 1, sizeof *out);
	size_t nout = 0;
	for (int i = 0; i < in->n; i++) {
		struct stat st;
		if (outpath[i] && stat(outpath[i], &st) == 0)
			out[nout++] = (struct file_id){ st.st_dev, st.st_ino, i };
	}
	if (nout > 1)
		qsort(out, nout, sizeof *out, cmp_file_id);
	/* the first output (in input order) that is an input, and the first
	 * input it is */
	int clash = -1, with = -1;
	for (int j = 0; j < in->n && nout; j++) {
		struct stat st;
		if (!strcmp(in->v[j], "-") || stat(in->v[j], &st) < 0)
			continue;
		struct file_id key = { st.st_dev, st.st_ino, -1 };
		size_t lo = 0, hi = nout;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (cmp_file_id(&out[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		/* out[lo], if it is this file, is its first output */
		if (lo < nout && out[lo].dev == key.dev && out[lo].ino == key.ino &&
		    (clash < 0 || out[lo].i < clash)) {
			clash = out[lo].i;
			with = j;
		}
	}
	free(out);
	if (clash < 0)
		return 0;
	return cli_usage_error("%s: -o would write over the input %s; give -o another directory",
			       outpath[clash], in->v[with]);
}

int
cmd_extract(struct cli *c)
{
	/* plain text prints no metadata: of it only the canonical address,
	 * which rules match, is found */
	c->page.canonical_only = c->format == FORMAT_TEXT;
	struct strv args = { 0 };
	int rc = gather_inputs(c, &args);
	if (!rc && c->outdir)
		rc = check_outdir(c->outdir);
	int ne = !rc && c->rules ? load_rules(c) : 0;   /* problems in the rule files */
	if (rc || ne < 0) {
		strv_free(&args);
		return rc ? rc : 1;
	}
	struct strv in = { 0 }, roots = { 0 };
	int status = ne > 0;
	status |= inputs_expand(&args, &in, &roots);
	char **outpath = NULL;
	bool *skip = xcalloc((size_t)in.n + 1, sizeof *skip);
	if (c->outdir)
		outpath = output_paths(c, &in, &roots, skip, &status);
	if (outpath && (rc = output_clash(&in, outpath)) != 0) {
		for (int i = 0; i < in.n; i++)
			free(outpath[i]);
		free(outpath);
		free(skip);
		strv_free(&in);
		strv_free(&roots);
		strv_free(&args);
		return rc;
	}
	/* the pages that still run, with their outputs */
	struct strv run = { 0 };
	char **runout = outpath ? xcalloc((size_t)in.n + 1, sizeof *runout) : NULL;
	for (int i = 0; i < in.n; i++)
		if (!skip[i]) {
			if (runout)
				runout[run.n] = outpath[i];
			strv_add(&run, in.v[i]);
		}
	/* the site's pages (ent, sib) are the page files, not WARC files */
	bool *is_warc = xcalloc((size_t)run.n + 1, sizeof *is_warc);
	int *site_index = xcalloc((size_t)run.n + 1, sizeof *site_index);
	struct strv pages = { 0 };
	bool streams = false;   /* inputs whose page count is not known ahead */
	for (int i = 0; i < run.n; i++) {
		is_warc[i] = inputs_is_warc(run.v[i]);
		streams |= is_warc[i] || !strcmp(run.v[i], "-");
		site_index[i] = is_warc[i] ? -1 : pages.n;
		if (!is_warc[i])
			strv_add(&pages, run.v[i]);
	}
	struct printer pr = { .c = c, .total = streams ? -1 : run.n, .t0 = now_ms() };
	if (c->ruleset) {
		pr.dead = xcalloc((size_t)c->ruleset->n + 1, sizeof *pr.dead);
		pr.used = xcalloc((size_t)c->ruleset->n + 1, sizeof *pr.used);
	}
	pr.progress = isatty(2) && (streams || run.n > 5);
	uint8_t *site_crashed = xcalloc((size_t)pages.n + 1, 1);
	uint8_t *crashed = xcalloc((size_t)run.n + 1, 1);
	void *st = cli_site_new(c, c->algo, pages.v, pages.n, site_crashed);
	for (int i = 0; i < run.n; i++)
		crashed[i] = site_index[i] >= 0 && site_crashed[site_index[i]];
	struct batch b = { .c = c, .site = st, .outpath = runout, .crashed = crashed,
			   .timeout = c->timeout };
	struct inputs src = { .c = c, .in = &run, .is_warc = is_warc,
			      .site_index = site_index, .fd = -1 };
	buf_init(&src.bytes);
	int nw = streams || c->jobs < run.n ? c->jobs : run.n;
	if (nw > 0)
		run_workers(&b, &pr, &src, nw);
	status |= src.status;
	inputs_free(&src);
	free(is_warc);
	free(site_index);
	free(site_crashed);
	strv_free(&pages);
	strv_free(&args);
	for (int i = 0; outpath && i < in.n; i++)
		free(outpath[i]);
	free(outpath);
	free(runout);
	free(skip);
	free(crashed);
	strv_free(&run);
	strv_free(&roots);
	run_site_free(c->algo, st);
	strv_free(&in);
	/* a batch's (or -v's) last line */
	if (c->ruleset && (pr.done > 1 || c->verbose))
		rules_summary(c->ruleset, &pr);
	if (c->gold_dir && pr.done > 1)
		gold_summary(&pr);
	free(pr.dead);
	free(pr.used);
	rules_set_free(c->ruleset);
	c->ruleset = NULL;
	if (!pr.broken && (fflush(stdout) != 0 || ferror(stdout))) {
		cli_report("stdout", "write error");
		return 1;
	}
	return status || pr.failed || pr.broken ? 1 : 0;
}
