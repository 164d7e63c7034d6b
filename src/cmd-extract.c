/* cmd-extract.c - pith extract: batch extraction over files, directories,
 * standard input and URLs, optionally in N worker processes.
 *
 * libtidy is not thread-safe, so parallel runs fork workers.  The parent
 * hands out page numbers one at a time (so a slow page does not hold up a
 * queue), keeps finished results and prints them in input order. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "format.h"
#include "rules.h"
#include "run.h"
#include "score.h"
#include "walk.h"

static void
walk_skip(void *ctx, const char *path, const char *reason)
{
	(void)ctx;
	cli_report(path, reason);
}

/* ---- one page ---- */

struct result {
	int failed;
	struct buf out;     /* what to print (or the reason when failed) */
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

static void
json_field(struct buf *b, const char *key, const char *val, bool comma)
{
	buf_printf(b, "\"%s\":", key);
	if (val)
		buf_add_json(b, val, strlen(val));
	else
		buf_adds(b, "null");
	if (comma)
		buf_addc(b, ',');
}

/* The normalised metadata after the fields every object has: only what
 * the page gives. */
static void
meta_json(struct buf *b, const struct page_meta *m)
{
	const char *const f[][2] = {
		{ "author", m->author }, { "date_source", m->date ? m->date_from : NULL },
		{ "modified", m->modified }, { "sitename", m->site },
		{ "description", m->description }, { "language", m->language },
		{ "image", m->image }, { "canonical", m->canonical } };
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (f[i][1]) {
			buf_addc(b, ',');
			json_field(b, f[i][0], f[i][1], false);
		}
	char **const lists[] = { m->categories, m->tags };
	const int counts[] = { m->ncategories, m->ntags };
	for (int l = 0; l < 2; l++) {
		if (!counts[l])
			continue;
		buf_printf(b, ",\"%s\":[", l ? "tags" : "categories");
		for (int i = 0; i < counts[l]; i++) {
			if (i)
				buf_addc(b, ',');
			buf_add_json(b, lists[l][i], strlen(lists[l][i]));
		}
		buf_addc(b, ']');
	}
}

/* --format markdown|html: the kept structure (plain paragraphs when the
 * method decided lines, not elements). */
static void
format_page(const struct cli *c, const struct page *pg, const struct run *run,
	    const char *page_url, struct buf *o)
{
	struct format_opts fo = { .links = c->links, .images = c->images,
				  .url = page_url ? page_url : pg->meta.canonical };
	bool md = c->format == FORMAT_MARKDOWN;
	if (md && c->front_matter)
		format_front_matter(&pg->meta, o);
	if (run->by_lines || !pg->dom) {
		const char *t = run->text.data ? run->text.data : "";
		if (md)
			format_lines_markdown(t, run->text.len, o);
		else
			format_lines_html(t, run->text.len, o);
	} else if (md) {
		format_markdown(pg->dom, run->dc.content, run->masked ? run->mask : NULL, &fo, o);
	} else {
		format_html(pg->dom, run->dc.content, run->masked ? run->mask : NULL, &fo, o);
	}
}

static void
rule_diag(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx;
	fprintf(stderr, "pith: %s:%d: %s\n", file, line, reason);
}

/* The first line of FILE.url, the page's address, or NULL. */
static char *
sidecar_url(const char *input)
{
	size_t len = strlen(input) + 5;
	char *path = xmalloc(len);
	snprintf(path, len, "%s.url", input);
	FILE *f = fopen(path, "r");
	free(path);
	if (!f)
		return NULL;
	char line[2048];
	char *url = NULL;
	if (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (*line)
			url = xstrdup(line);
	}
	fclose(f);
	return url;
}

struct passage_ctx {
	const char *input, *what;
	int n;
};

static void
passage(void *ctx, const char *line, size_t n, size_t off)
{
	struct passage_ctx *p = ctx;
	(void)off;
	if (p->n++ < 20)
		fprintf(stderr, "%s: %s: %.*s%s\n", p->input, p->what, (int)(n > 160 ? 160 : n),
			line, n > 160 ? "..." : "");
}

/* --gold-dir: the page's score against DIR/NAME.gold.txt and, with -v,
 * the gold's passages the text lacks and the text's the gold lacks. */
static void
gold_report(const struct cli *c, const char *input, const char *text, size_t len)
{
	char *name = out_name(input, NULL);
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	struct buf path, gold;
	buf_init(&path);
	buf_init(&gold);
	buf_printf(&path, "%s/%s.gold.txt", c->gold_dir, base);
	char err[256];
	if (read_file(path.data, (size_t)1 << 26, &gold, err, sizeof err) < 0) {
		fprintf(stderr, "%s: no gold (%s: %s)\n", input, path.data, err);
	} else {
		struct prf s = prf_chars(gold.data ? gold.data : "", gold.len, text, len);
		fprintf(stderr, "%s: characters P %.3f R %.3f F %.3f against %s\n", input,
			s.P, s.R, s.F, path.data);
		if (c->verbose) {
			struct passage_ctx m = { input, "missing", 0 }, x = { input, "extra", 0 };
			score_missing(gold.data ? gold.data : "", gold.len, text, len, passage, &m);
			score_missing(text, len, gold.data ? gold.data : "", gold.len, passage, &x);
			if (m.n > 20 || x.n > 20)
				fprintf(stderr, "%s: %d missing and %d extra passages in all\n",
					input, m.n, x.n);
		}
	}
	buf_free(&path);
	buf_free(&gold);
	free(name);
}

static void
extract_page(const struct cli *c, const void *site, int index,
	 const char *input, const char *outpath, struct result *r)
{
	double t0 = now_ms();
	struct page pg;
	char err[256];
	buf_init(&r->out);
	r->failed = 0;
	bool structured = c->format == FORMAT_MARKDOWN || c->format == FORMAT_HTML;
	if (cli_load(c, input, &pg, c->algo->needs_dom || c->ruleset || structured || c->comments,
		     err, sizeof err) < 0) {
		r->failed = 1;
		buf_adds(&r->out, err);
		page_free(&pg);
		return;
	}
	if (c->verbose) {
		const struct load_result *l = &pg.src;
		fprintf(stderr, "%s: %s (%s), %zu replaced, %zu references, "
			"%zu presentation forms%s%s\n", input, l->charset.name,
			charset_how(&l->charset), l->replacements,
			l->refs_decoded, l->forms_normalised,
			*l->charset.note ? "; " : "", l->charset.note);
		if (pg.dom) {
			const struct tib_detect *sc = page_script(&pg);
			fprintf(stderr, "%s: script %s%s, syllables at 1-7 %.2f, "
				"at 1-5 %.2f%s%s%s\n", input,
				tib_script_name(sc->dominant),
				sc->tibetan ? ", Tibetan page" : "",
				sc->share7, sc->share5,
				*sc->legacy_font ? "; legacy Tibetan encoding suspected (" : "",
				sc->legacy_font, *sc->legacy_font ? ")" : "");
		}
	}
	/* the page's address dates it too (a date in its path) */
	const char *page_url = c->url ? c->url : cli_is_url(input) ? input : NULL;
	if (page_url && pg.dom) {
		extract_meta_free(&pg.meta);
		extract_meta_url(pg.dom, page_url, &pg.meta);
	}
	/* the site rule, if one matches, decides instead of the method */
	char *side = NULL;
	const char *rule_url = c->url ? c->url : cli_is_url(input) ? input : pg.meta.canonical;
	/* input is an argv string or a walked path, never NULL */
	if (!rule_url && c->ruleset && strcmp(input, "-"))   /* NOLINT(clang-analyzer-core.NonNullParamChecker) */
		rule_url = side = sidecar_url(input);
	const struct rule *rule = c->ruleset ? rules_match(c->ruleset, rule_url) : NULL;
	const struct method *algo = c->algo;
	struct params p = c->params;
	if (rule)
		rule_settings(rule, c->algo_given, &algo, &p);
	struct run run;
	run_init(&run);
	struct run_input ri = {
		.method = algo, .params = &p, .index = index, .rule = rule,
		.site = algo == c->algo ? site : NULL, .diag = rule_diag,
		.ftr_only = c->ftr_only,
	};
	run_page(&run, &pg, &ri);
	if (c->verbose && rule) {
		if (run.by_rule)
			fprintf(stderr, "%s: rule %s: body: line %d matched\n", input,
				rule->path ? rule->path : rule->host, run.outcome.body_line);
		else
			fprintf(stderr, "%s: rule %s: no body: matched, %s\n", input,
				rule->path ? rule->path : rule->host,
				c->ftr_only ? "nothing extracted" : "the method decided");
	} else if (c->verbose && c->ruleset) {
		fprintf(stderr, "%s: no rule for %s\n", input, rule_url ? rule_url : "this page");
	}
	if (c->verbose && algo->report && run.state_of == algo)
		algo->report(&run, &pg, input, stderr);
	/* a rule's date is as the page wrote it: ISO 8601 when it reads as one */
	if (run.rule && pg.meta.date && pg.meta.date_from && !strcmp(pg.meta.date_from, "rule")) {
		char day[11], *iso = extract_date_iso(pg.meta.date);
		if (!iso && extract_date_text(pg.meta.date, strlen(pg.meta.date),
					      pg.meta.language, day))
			iso = xstrdup(day);
		if (iso) {
			free(pg.meta.date);
			pg.meta.date = iso;
		}
	}
	if (c->gold_dir)
		gold_report(c, input, run.text.data, run.text.len);
	struct buf text = run.text;
	struct buf comments;
	buf_init(&comments);
	if (c->comments && pg.dom)
		extract_comments(pg.dom, run.dc.content, run.masked ? run.mask : NULL, &comments);
	double ms = now_ms() - t0;

	struct buf *o = &r->out;
	if (c->format == FORMAT_JSON) {
		const char *url = c->url ? c->url : cli_is_url(input) ? input : pg.meta.canonical;
		buf_addc(o, '{');
		json_field(o, "file", input, true);
		json_field(o, "url", url, true);
		json_field(o, "title", pg.meta.title && *pg.meta.title ? pg.meta.title : NULL, true);
		json_field(o, "date", pg.meta.date, true);
		json_field(o, "keywords", pg.meta.keywords, true);
		json_field(o, "algo", algo->name, true);
		if (c->ruleset)
			json_field(o, "rule", rule ? rule->path : NULL, true);
		json_field(o, "charset", pg.src.charset.name, true);
		json_field(o, "charset_source", charset_source_name(pg.src.charset.source), true);
		if (c->algo->json)
			c->algo->json(&run, o);
		buf_printf(o, "\"chars\":%zu,\"ms\":%.1f,",
			   utf8_count_chars(text.data ? text.data : "", text.len), ms);
		buf_adds(o, "\"text\":");
		buf_add_json(o, text.data ? text.data : "", text.len);
		meta_json(o, &pg.meta);
		if (comments.len) {
			buf_adds(o, ",\"comments\":");
			buf_add_json(o, comments.data, comments.len);
		}
		buf_adds(o, "}\n");
	} else if (structured) {
		format_page(c, &pg, &run, page_url, o);
		if (comments.len && c->format == FORMAT_MARKDOWN) {
			buf_adds(o, "\n## Comments\n\n");
			format_lines_markdown(comments.data, comments.len, o);
		} else if (comments.len) {
			buf_adds(o, "<section>\n<h2>Comments</h2>\n");
			format_lines_html(comments.data, comments.len, o);
			buf_adds(o, "</section>\n");
		}
	} else {
		buf_add(o, text.data ? text.data : "", text.len);
	}
	buf_free(&comments);
	run_free(&run);
	free(side);
	page_free(&pg);

	if (outpath) {
		/* below -o DIR, as the input was below its directory */
		char *dir = xstrdup(outpath);
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		if (slash && mkdir_parents(dir) < 0) {
			o->len = 0;
			buf_printf(o, "%s: %s", dir, strerror(errno));
			r->failed = 1;
		} else if (write_file_atomic(outpath, o->data ? o->data : "", o->len, false,
					     err, sizeof err) < 0) {
			o->len = 0;
			buf_printf(o, "%s: %s", outpath, err);
			r->failed = 1;
		} else {
			o->len = 0;
		}
		free(dir);
	}
}

/* ---- output in input order ---- */

struct printer {
	const struct cli *c;
	int printed;        /* pages printed (for form feeds) */
	int done, failed, total;
	double t0;
	bool progress;
	bool broken;        /* standard output failed: the run stops */
};

/* Print one page's result in input order.  A failed write to standard
 * output (a full disk, a reader that left) is reported at once and stops
 * the run: nothing after it could be delivered. */
static void
emit(struct printer *p, const char *input, struct result *r)
{
	if (r->failed) {
		if (r->failed == 1)     /* 2: reported already */
			cli_report(input, r->out.data ? r->out.data : "failed");
		p->failed++;
	} else if (!p->c->outdir && !p->broken) {
		if (p->c->format != FORMAT_JSON && p->printed > 0)
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
		fprintf(stderr, "\r%d/%d pages, %.0f pages/s, %d failed ",
			p->done, p->total, s > 0 ? p->done / s : 0.0, p->failed);
		if (p->done == p->total)
			fputc('\n', stderr);
	}
	buf_free(&r->out);
}

/* ---- workers ---- */

static int
write_full(int fd, const void *data, size_t n)
{
	const char *p = data;
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += k;
		n -= (size_t)k;
	}
	return 0;
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

struct msg {
	int index;
	int failed;
	size_t len;
};

struct batch {
	const struct cli *c;
	const void *site;
	const struct strv *in;
	char **outpath;         /* per input, or NULL without -o */
	const uint8_t *crashed; /* per input: crashed while the site was built */
};

/* One page of the batch; a page that already crashed while the site was
 * built is not tried again (it was reported then). */
static void
run_one(const struct batch *b, int i, struct result *r)
{
	if (b->crashed && b->crashed[i]) {
		buf_init(&r->out);
		r->failed = 2;
		return;
	}
	extract_page(b->c, b->site, i, b->in->v[i], b->outpath ? b->outpath[i] : NULL, r);
}

static void
worker(const struct batch *b, int rfd, int wfd)
{
	int index;
	/* a reader that left must not kill the worker mid-page: its write
	 * fails and the parent sees the pipe close */
	signal(SIGPIPE, SIG_IGN);
	while (read_full(rfd, &index, sizeof index) == 0 && index >= 0) {
		struct result r;
		run_one(b, index, &r);
		struct msg m = { index, r.failed, r.out.len };
		if (write_full(wfd, &m, sizeof m) < 0 ||
		    write_full(wfd, r.out.data ? r.out.data : "", r.out.len) < 0)
			_exit(3);
		buf_free(&r.out);
	}
	_exit(0);
}

struct slot {
	pid_t pid;
	int to, from;
	int page;               /* the page it works on, -1 when idle */
};

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
	pid_t pid = fork();
	if (pid < 0) {
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		return -1;
	}
	if (pid == 0) {
		close(down[1]);
		close(up[0]);
		for (int j = 0; j < nw; j++)
			if (j != k && w[j].pid > 0) {
				close(w[j].to);
				close(w[j].from);
			}
		worker(b, down[0], up[1]);
	}
	close(down[0]);
	close(up[1]);
	w[k] = (struct slot){ .pid = pid, .to = down[1], .from = up[0], .page = -1 };
	return 0;
}

static void
give(struct slot *w, int page)
{
	w->page = page;
	if (write_full(w->to, &page, sizeof page) < 0)
		w->page = -1;   /* it died meanwhile: seen when its pipe closes */
}

/* Every page in a worker process, so that a page that crashes the parser
 * costs only itself: the crashed worker's page is reported with the
 * signal, and a fresh worker takes the next page.  The parent hands out
 * one page at a time (a slow page holds up no queue) and prints results
 * in input order. */
static void
run_workers(const struct batch *b, struct printer *pr)
{
	const struct strv *in = b->in;
	int n = in->n;
	int nw = b->c->jobs < n ? b->c->jobs : n;
	struct slot *w = xcalloc((size_t)nw, sizeof *w);
	struct result *res = xcalloc((size_t)n, sizeof *res);
	bool *have = xcalloc((size_t)n, sizeof *have);
	signal(SIGPIPE, SIG_IGN);
	int next = 0, next_print = 0, alive = 0;
	for (int k = 0; k < nw; k++) {
		if (spawn(b, w, nw, k) < 0) {
			w[k].pid = -1;
			continue;
		}
		alive++;
		if (next < n)
			give(&w[k], next++);
	}
	if (alive == 0) {
		/* no process to be had: run in this one */
		for (int i = 0; i < n && !pr->broken; i++) {
			struct result r;
			run_one(b, i, &r);
			emit(pr, in->v[i], &r);
		}
		free(w);
		free(res);
		free(have);
		return;
	}
	struct pollfd *pfd = xcalloc((size_t)nw, sizeof *pfd);
	while (next_print < n && !pr->broken) {
		int np = 0;
		for (int k = 0; k < nw; k++) {
			pfd[k].fd = w[k].pid > 0 && w[k].page >= 0 ? w[k].from : -1;
			pfd[k].events = POLLIN;
			pfd[k].revents = 0;
			np += pfd[k].fd >= 0;
		}
		if (np == 0)
			break;
		if (poll(pfd, (nfds_t)nw, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int k = 0; k < nw; k++) {
			if (!pfd[k].revents)
				continue;
			struct msg m;
			int page = w[k].page;
			struct result *r = &res[page];
			bool ok = read_full(w[k].from, &m, sizeof m) == 0 && m.index == page;
			if (ok) {
				buf_init(&r->out);
				buf_reserve(&r->out, m.len);
				ok = read_full(w[k].from, r->out.data, m.len) == 0;
				r->out.len = ok ? m.len : 0;
				r->out.data[r->out.len] = '\0';
				r->failed = m.failed;
			}
			if (!ok) {
				/* the worker died on this page: say how, and go on
				 * with a fresh one */
				int status = 0;
				close(w[k].to);
				close(w[k].from);
				waitpid(w[k].pid, &status, 0);
				buf_free(&r->out);
				buf_init(&r->out);
				if (WIFSIGNALED(status))
					buf_printf(&r->out, "crashed (signal %d, %s)", WTERMSIG(status),
						   strsignal(WTERMSIG(status)));
				else
					buf_printf(&r->out, "crashed (exit status %d)",
						   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
				r->failed = 1;
				w[k].pid = -1;
				w[k].page = -1;
				if (spawn(b, w, nw, k) < 0)
					w[k].pid = -1;
			}
			have[page] = true;
			w[k].page = -1;
			if (w[k].pid > 0 && next < n)
				give(&w[k], next++);
		}
		/* pages no worker can take any more (fork failed): here */
		bool any = false;
		for (int k = 0; k < nw; k++)
			any |= w[k].pid > 0;
		while (!any && next < n) {
			run_one(b, next, &res[next]);
			have[next++] = true;
		}
		while (next_print < n && have[next_print] && !pr->broken) {
			emit(pr, in->v[next_print], &res[next_print]);
			next_print++;
		}
	}
	for (int k = 0; k < nw; k++) {
		if (w[k].pid <= 0)
			continue;
		if (pr->broken) {
			kill(w[k].pid, SIGTERM);    /* nothing it does can be delivered */
		} else {
			int stop = -1;
			write_full(w[k].to, &stop, sizeof stop);
		}
		close(w[k].to);
		close(w[k].from);
	}
	for (int k = 0; k < nw; k++)
		if (w[k].pid > 0)
			waitpid(w[k].pid, NULL, 0);
	for (int i = next_print; i < n; i++)
		buf_free(&res[i].out);
	free(pfd);
	free(w);
	free(res);
	free(have);
}

int
cmd_extract(struct cli *c)
{
	if (c->ninputs < 1)
		return cli_usage_error("extract needs at least one FILE, DIR, URL or -");
	if (c->format_given && c->format == FORMAT_TSV)
		return cli_usage_error("extract writes text, json, markdown or html");
	if ((c->links || c->images || c->front_matter) && c->format != FORMAT_MARKDOWN)
		return cli_usage_error("--links, --images and --front-matter go with --format markdown");
	if (c->comments && c->format == FORMAT_TEXT)
		return cli_usage_error("--comments goes with --format json, markdown or html");
	if (c->outdir) {
		struct stat st;
		if (mkdir_parents(c->outdir) < 0) {
			cli_report(c->outdir, strerror(errno));
			return 1;
		}
		if (stat(c->outdir, &st) < 0 || !S_ISDIR(st.st_mode)) {
			cli_report(c->outdir, "not a directory");
			return 1;
		}
		if (access(c->outdir, W_OK | X_OK) < 0) {
			cli_report(c->outdir, "directory not writable");
			return 1;
		}
	}
	if (c->rules) {
		char err[256];
		int ne = 0;
		if (rules_load(c->rules, &c->ruleset, rule_diag, NULL, &ne, err, sizeof err) < 0) {
			cli_report(c->rules, err);
			return 1;
		}
	}
	struct strv in = { 0 }, roots = { 0 };
	int status = 0;
	for (int i = 0; i < c->ninputs; i++) {
		const char *a = c->inputs[i];
		struct stat st;
		if (strcmp(a, "-") && !cli_is_url(a) && stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
			char err[256];
			int before = in.n;
			if (walk_dir(a, walk_page_exts, 64, 0, &in, walk_skip, NULL, err, sizeof err) < 0) {
				cli_report(a, err);
				status = 1;
			} else if (in.n == before) {
				cli_report(a, "no pages here (.html, .htm, .xhtml, or .gz of them)");
				status = 1;
			}
			while (roots.n < in.n)
				strv_add(&roots, a);
		} else {
			strv_add(&in, a);
			strv_add(&roots, "");
		}
	}
	/* -o DIR: one output per page, never two pages on one name */
	char **outpath = NULL;
	bool *skip = xcalloc((size_t)in.n + 1, sizeof *skip);
	if (c->outdir) {
		outpath = xcalloc((size_t)in.n + 1, sizeof *outpath);
		static const char *const exts[] = { "txt", "tsv", "json", "md", "html" };
		const char *ext = exts[c->format];
		for (int i = 0; i < in.n; i++) {
			const char *root = roots.v[i];
			char *name = out_name(in.v[i], *root ? root : NULL);
			struct buf p;
			buf_init(&p);
			buf_printf(&p, "%s/%s.%s", c->outdir, name, ext);
			free(name);
			outpath[i] = buf_steal(&p, NULL);
			for (int j = 0; j < i && !skip[i]; j++)
				if (outpath[j] && !strcmp(outpath[j], outpath[i])) {
					char why[600];
					snprintf(why, sizeof why, "its output %s is %s's already",
						 outpath[i], in.v[j]);
					cli_report(in.v[i], why);
					skip[i] = true;
					status = 1;
				}
		}
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
	struct printer pr = { .c = c, .total = run.n, .t0 = now_ms() };
	pr.progress = isatty(2) && run.n > 5;
	int stdin_uses = 0;
	for (int i = 0; i < run.n; i++)
		stdin_uses += !strcmp(run.v[i], "-");
	uint8_t *crashed = xcalloc((size_t)run.n + 1, 1);
	void *st = cli_site_new(c, c->algo, run.v, run.n, crashed);
	struct batch b = { .c = c, .site = st, .in = &run, .outpath = runout,
			   .crashed = crashed };
	if (stdin_uses == 0 && run.n > 0) {
		run_workers(&b, &pr);
	} else {
		/* standard input is read here, once */
		for (int i = 0; i < run.n && !pr.broken; i++) {
			struct result r;
			run_one(&b, i, &r);
			emit(&pr, run.v[i], &r);
		}
	}
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
	rules_set_free(c->ruleset);
	c->ruleset = NULL;
	if (!pr.broken && (fflush(stdout) != 0 || ferror(stdout))) {
		cli_report("stdout", "write error");
		return 1;
	}
	return status || pr.failed || pr.broken ? 1 : 0;
}
