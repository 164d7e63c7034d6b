/* cmd-extract.c - pith extract: batch extraction over files, directories,
 * standard input, URLs and WARC files, in N worker processes.
 *
 * Here: a page's extraction (loaded, run with its site rule, scored
 * against its gold, written in its format by the format table's writer)
 * and the run's orchestration.  libtidy is not thread-safe, so the pages
 * run in worker processes (batch.c); the parent reads the inputs
 * (inputs.c: a WARC file record by record) and prints the results in
 * input order. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "cli.h"
#include "file.h"
#include "format.h"
#include "inputs.h"
#include "outputs.h"
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
	int no_address;     /* no address to match a rule by (--rules) */
	struct gold_tally gold;
};

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
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
	char *name = outputs_name(input, NULL);
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
	char twice[64] = "";
	if (l->mojibake)
		snprintf(twice, sizeof twice, ", %zu double-encoded repaired", l->mojibake);
	eprintf("%s: %s (%s), %zu replaced, %zu references, "
		"%zu presentation forms%s%s%s\n", input, l->charset.name,
		charset_how(&l->charset), l->replacements,
		l->refs_decoded, l->forms_normalised, twice,
		*l->charset.note ? "; " : "", l->charset.note);
	if (pg->dom) {
		const struct script_detect *sc = page_script(pg);
		eprintf("%s: script %s%s, syllables at 1-7 %.2f, "
			"at 1-5 %.2f%s%s%s\n", input,
			script_name(sc->dominant),
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
	/* ... and a WARC record's capture bounds its dates */
	if ((page_url || it->s[S_DATE]) && pg.dom && !c->page.canonical_only) {
		extract_meta_free(&pg.meta);
		extract_meta_at(pg.dom, page_url, it->s[S_DATE], &pg.meta);
	}
	/* the site rule, if one matches, decides instead of the method */
	char *side = NULL;
	const char *rule_url = it->s[S_URL] ? it->s[S_URL] : c->url ? c->url :
			       cli_is_url(input) ? input : pg.meta.canonical;
	/* input is an argv string or a walked path, never NULL */
	if (!rule_url && c->ruleset && it->input >= 0 && strcmp(input, "-"))   /* NOLINT(clang-analyzer-core.NonNullParamChecker) */
		rule_url = side = multipage_sidecar(input);
	const struct rule *rule = c->ruleset ? rules_match(c->ruleset, rule_url) : NULL;
	r->no_address = c->ruleset && !rule_url;
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
		.record_id = it->s[S_ID], .record_date = it->s[S_DATE], .record = it->record,
		.page_url = page_url,
		.algo = algo, .asked = c->algo, .rules = c->ruleset != NULL, .rule = rule,
		.more_pages = more_pages, .single = single, .ms = ms, .links = c->links,
		.images = c->images, .title = !c->no_title, .front_matter = c->front_matter,
		.verbose = c->verbose,
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
	int no_address;     /* pages with no address to match one by */
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
	/* a rule is matched by the page's address: say when pages had none */
	if (p->no_address == p->done && p->done && !s->single)
		buf_printf(&b, "no page had an address to match a rule by (--url, a canonical "
			   "link, a NAME.url file); ");
	else if (p->no_address && !s->single)
		buf_printf(&b, "%d page%s had no address to match a rule by; ", p->no_address,
			   p->no_address == 1 ? "" : "s");
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
	if (!r->failed && r->no_address)
		p->no_address++;
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

/* ---- the pages in worker processes (batch.h) ---- */

/* What every page of the run shares, and what the batch's functions
 * read from and print to. */
struct job {
	const struct cli *c;
	const void *site;
	char **outpath;         /* per input, or NULL without -o */
	const uint8_t *crashed; /* per input: crashed while the site was built */
	int timeout;            /* seconds per page, 0: none, -1: the default */
	struct inputs *src;     /* the parent's: the pages to come */
	struct printer *pr;     /* the parent's: their results, printed */
};

/* The time limit of a page: --timeout, else a stated default where one
 * page must not hold up many (a WARC file's pages, -j runs). */
static int
item_timeout(const struct job *b, const struct item *it)
{
	if (b->timeout >= 0)
		return b->timeout;
	return it->warc || b->c->jobs > 1 ? EXTRACT_DEFAULT_TIMEOUT : 0;
}

/* One page of the batch; a page that already crashed while the site was
 * built is not tried again (it was reported then). */
static void
run_one(const struct job *b, const struct item *it, struct result *r)
{
	if (it->input >= 0 && b->crashed && b->crashed[it->input]) {
		buf_init(&r->out);
		r->failed = 2;
		return;
	}
	extract_page(b->c, b->site, it, it->input >= 0 && b->outpath ?
		     b->outpath[it->input] : NULL, r);
}

/* A page's result as it comes back from its worker: all but the text,
 * which is the result's body. */
struct result_head {
	int failed;
	int rule, body_line, no_address;
	struct gold_tally gold;
};
_Static_assert(sizeof(struct result_head) <= BATCH_HEAD, "a result's head fits the batch's");

/* The batch's next order: the next item of the inputs. */
static bool
job_next(void *ctx, struct batch_item *bi, struct buf *ord)
{
	const struct job *b = ctx;
	struct item it;
	if (!inputs_next(b->src, &it))
		return false;
	bi->name = it.s[S_NAME];
	bi->limit = item_timeout(b, &it);
	bi->error = it.error;
	if (!it.error)
		inputs_pack(&it, ord);
	return true;
}

/* In a worker: an order's page run, its text the result's body. */
static void
job_work(void *ctx, char *ord, size_t len, void *head, struct buf *out)
{
	const struct job *b = ctx;
	struct item it;
	struct result r;
	(void)len;
	memset(&r, 0, sizeof r);        /* a page not run sets only out and failed */
	inputs_unpack(ord, &it);
	run_one(b, &it, &r);
	/* zeroed whole: its padding goes down the pipe too */
	struct result_head h;
	memset(&h, 0, sizeof h);
	h.failed = r.failed;
	h.rule = r.rule;
	h.body_line = r.body_line;
	h.no_address = r.no_address;
	h.gold = r.gold;
	memcpy(head, &h, sizeof h);
	*out = r.out;
}

/* A page's result, in input order, printed: false once standard output
 * is gone. */
static bool
job_deliver(void *ctx, const char *name, const void *head, struct buf *out)
{
	const struct job *b = ctx;
	struct result r;
	memset(&r, 0, sizeof r);
	r.failed = 1;           /* no head: failed before it ran, or with its worker */
	if (head) {
		struct result_head h;
		memcpy(&h, head, sizeof h);
		r.failed = h.failed;
		r.rule = h.rule;
		r.body_line = h.body_line;
		r.no_address = h.no_address;
		r.gold = h.gold;
	}
	r.out = *out;
	buf_init(out);
	emit(b->pr, name, &r);
	return !b->pr->broken;
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

int
cmd_extract(struct cli *c)
{
	/* plain text prints no metadata: of it only the canonical address,
	 * which rules match, is found */
	c->page.canonical_only = c->format == FORMAT_TEXT;
	struct strv args = { 0 };
	int rc = gather_inputs(c, &args);
	if (!rc && c->outdir)
		rc = outputs_check_dir(c->outdir);
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
		outpath = outputs_paths(c, &in, &roots, skip, &status);
	if (outpath && (rc = outputs_clash(&in, outpath)) != 0) {
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
	struct job b = { .c = c, .site = st, .outpath = runout, .crashed = crashed,
			 .timeout = c->timeout, .pr = &pr };
	struct inputs src = { .c = c, .in = &run, .is_warc = is_warc,
			      .site_index = site_index, .fd = -1 };
	buf_init(&src.bytes);
	b.src = &src;
	struct batch_ops ops = { .ctx = &b, .verbose = c->verbose, .next = job_next,
				 .work = job_work, .deliver = job_deliver };
	int nw = streams || c->jobs < run.n ? c->jobs : run.n;
	if (nw > 0)
		batch_run(&ops, nw);
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
