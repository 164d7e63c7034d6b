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

/* DIR/<input name without extension>.ext */
static char *
out_path(const char *outdir, const char *input, const char *ext)
{
	const char *base = strrchr(input, '/');
	base = base ? base + 1 : input;
	if (!strcmp(input, "-"))
		base = "stdin";
	size_t bl = strlen(base);
	const char *dot = strrchr(base, '.');
	if (dot && dot != base && !cli_is_url(input))
		bl = (size_t)(dot - base);
	size_t len = strlen(outdir) + bl + strlen(ext) + 3;
	char *p = xmalloc(len);
	snprintf(p, len, "%s/%.*s.%s", outdir, (int)bl, base, ext);
	/* a URL's name may hold characters a file name should not */
	for (char *c = p + strlen(outdir) + 1; *c; c++)
		if (*c == '/' || *c == '?' || *c == '&')
			*c = '_';
	return p;
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

static void
extract_page(const struct cli *c, const void *site, int index,
	 const char *input, struct result *r)
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
			charset_source_name(l->charset.source), l->replacements,
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

	if (c->outdir) {
		static const char *const ext[] = { "txt", "tsv", "json", "md", "html" };
		char *path = out_path(c->outdir, input, ext[c->format]);
		if (write_file_atomic(path, o->data ? o->data : "", o->len, false,
				      err, sizeof err) < 0) {
			o->len = 0;
			buf_printf(o, "%s: %s", path, err);
			r->failed = 1;
		} else {
			o->len = 0;
		}
		free(path);
	}
}

/* ---- output in input order ---- */

struct printer {
	const struct cli *c;
	int printed;        /* pages printed (for form feeds) */
	int done, failed, total;
	double t0;
	bool progress;
};

static void
emit(struct printer *p, const char *input, struct result *r)
{
	if (r->failed) {
		cli_report(input, r->out.data ? r->out.data : "failed");
		p->failed++;
	} else if (!p->c->outdir) {
		if (p->c->format != FORMAT_JSON && p->printed > 0)
			fputs("\f\n", stdout);
		fwrite(r->out.data ? r->out.data : "", 1, r->out.len, stdout);
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

static void
worker(const struct cli *c, const void *st, const struct strv *in, int rfd, int wfd)
{
	int index;
	while (read_full(rfd, &index, sizeof index) == 0 && index >= 0) {
		struct result r;
		extract_page(c, st, index, in->v[index], &r);
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
	int busy;
};

static int
run_parallel(const struct cli *c, const void *st, const struct strv *in,
	     struct printer *pr)
{
	int nw = c->jobs < in->n ? c->jobs : in->n;
	struct slot *w = xcalloc((size_t)nw, sizeof *w);
	struct result *res = xcalloc((size_t)in->n, sizeof *res);
	bool *have = xcalloc((size_t)in->n, sizeof *have);
	signal(SIGPIPE, SIG_IGN);
	fflush(stdout);
	for (int k = 0; k < nw; k++) {
		int down[2], up[2];
		if (pipe(down) < 0 || pipe(up) < 0) {
			perror("pith: pipe");
			exit(1);
		}
		pid_t pid = fork();
		if (pid < 0) {
			perror("pith: fork");
			exit(1);
		}
		if (pid == 0) {
			close(down[1]);
			close(up[0]);
			for (int j = 0; j < k; j++) {
				close(w[j].to);
				close(w[j].from);
			}
			worker(c, st, in, down[0], up[1]);
		}
		close(down[0]);
		close(up[1]);
		w[k].pid = pid;
		w[k].to = down[1];
		w[k].from = up[0];
	}
	int next = 0, next_print = 0;
	for (int k = 0; k < nw && next < in->n; k++) {
		write_full(w[k].to, &next, sizeof next);
		w[k].busy = 1;
		next++;
	}
	struct pollfd *pfd = xcalloc((size_t)nw, sizeof *pfd);
	while (next_print < in->n) {
		int np = 0;
		for (int k = 0; k < nw; k++) {
			pfd[k].fd = w[k].busy ? w[k].from : -1;
			pfd[k].events = POLLIN;
			pfd[k].revents = 0;
			np += w[k].busy;
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
			if (read_full(w[k].from, &m, sizeof m) < 0 ||
			    m.index < 0 || m.index >= in->n) {
				/* the worker died (a crash): count its page as failed */
				w[k].busy = 0;
				continue;
			}
			struct result *r = &res[m.index];
			buf_init(&r->out);
			buf_reserve(&r->out, m.len);
			if (read_full(w[k].from, r->out.data, m.len) < 0) {
				w[k].busy = 0;
				continue;
			}
			r->out.len = m.len;
			r->out.data[m.len] = '\0';
			r->failed = m.failed;
			have[m.index] = true;
			if (next < in->n) {
				write_full(w[k].to, &next, sizeof next);
				next++;
			} else {
				w[k].busy = 0;
			}
		}
		while (next_print < in->n && have[next_print]) {
			emit(pr, in->v[next_print], &res[next_print]);
			next_print++;
		}
	}
	for (int k = 0; k < nw; k++) {
		int stop = -1;
		write_full(w[k].to, &stop, sizeof stop);
		close(w[k].to);
		close(w[k].from);
	}
	for (int k = 0; k < nw; k++)
		waitpid(w[k].pid, NULL, 0);
	/* pages a dead worker never answered */
	for (; next_print < in->n; next_print++) {
		if (!have[next_print]) {
			buf_init(&res[next_print].out);
			buf_adds(&res[next_print].out, "the worker processing it crashed");
			res[next_print].failed = 1;
		}
		emit(pr, in->v[next_print], &res[next_print]);
	}
	free(pfd);
	free(w);
	free(res);
	free(have);
	return 0;
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
	struct strv in = { 0 };
	int status = 0;
	for (int i = 0; i < c->ninputs; i++) {
		const char *a = c->inputs[i];
		struct stat st;
		if (strcmp(a, "-") && !cli_is_url(a) && stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
			char err[256];
			if (walk_dir(a, walk_page_exts, 64, 0, &in, walk_skip, NULL, err, sizeof err) < 0) {
				cli_report(a, err);
				status = 1;
			}
		} else {
			strv_add(&in, a);
		}
	}
	struct printer pr = { .c = c, .total = in.n, .t0 = now_ms() };
	pr.progress = isatty(2) && in.n > 5;
	int stdin_uses = 0;
	for (int i = 0; i < in.n; i++)
		stdin_uses += !strcmp(in.v[i], "-");
	void *st = cli_site_new(c, c->algo, in.v, in.n);
	if (c->jobs > 1 && in.n > 1 && stdin_uses == 0) {
		run_parallel(c, st, &in, &pr);
	} else {
		for (int i = 0; i < in.n; i++) {
			struct result r;
			extract_page(c, st, i, in.v[i], &r);
			emit(&pr, in.v[i], &r);
		}
	}
	run_site_free(c->algo, st);
	strv_free(&in);
	rules_set_free(c->ruleset);
	c->ruleset = NULL;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return status || pr.failed ? 1 : 0;
}
