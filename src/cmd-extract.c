/* cmd-extract.c - pith extract: batch extraction over files, directories,
 * standard input and URLs, optionally in N worker processes.
 *
 * libtidy is not thread-safe, so parallel runs fork workers.  The parent
 * hands out page numbers one at a time (so a slow page does not hold up a
 * queue), keeps finished results and prints them in input order. */
#include "config.h"

#include <dirent.h>
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
#include "rules.h"
#include "entropy.h"
#include "similarity.h"

/* ---- inputs ---- */

struct inputs {
	char **v;
	int n, cap;
};

static void
inputs_add(struct inputs *in, const char *s)
{
	if (in->n == in->cap) {
		in->cap = in->cap ? in->cap * 2 : 64;
		in->v = xreallocarray(in->v, (size_t)in->cap, sizeof *in->v);
	}
	in->v[in->n++] = xstrdup(s);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool
is_page_name(const char *name)
{
	return str_has_suffix(name, ".html") || str_has_suffix(name, ".htm") ||
	       str_has_suffix(name, ".xhtml");
}

/* Walk dir for pages, sorted at each level so runs are reproducible. */
static int
walk_dir(const char *dir, struct inputs *in, int depth)
{
	DIR *dp = opendir(dir);
	if (!dp) {
		cli_report(dir, strerror(errno));
		return -1;
	}
	struct inputs names = { 0 };
	struct dirent *e;
	while ((e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		inputs_add(&names, e->d_name);
	}
	closedir(dp);
	if (names.n)
		qsort(names.v, (size_t)names.n, sizeof *names.v, cmp_str);
	int rc = 0;
	for (int i = 0; i < names.n; i++) {
		size_t len = strlen(dir) + strlen(names.v[i]) + 2;
		char *path = xmalloc(len);
		snprintf(path, len, "%s/%s", dir, names.v[i]);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (depth < 64 && walk_dir(path, in, depth + 1) < 0)
				rc = -1;
		} else if (is_page_name(names.v[i])) {
			inputs_add(in, path);
		}
		free(path);
		free(names.v[i]);
	}
	free(names.v);
	return rc;
}

/* mkdir -p */
static int
mkdir_parents(const char *dir)
{
	if (!*dir)
		return -1;
	char *p = xstrdup(dir);
	int rc = 0;
	for (char *s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0777) < 0 && errno != EEXIST) {
				rc = -1;
				break;
			}
			*s = c;
			if (!c)
				break;
		}
	}
	free(p);
	return rc;
}

/* ---- same-site methods: what each page is compared with ---- */

struct site {
	struct entropy_site *ent;   /* ent: clusters and paths of inputs + siblings */
	struct sib_string *sib;     /* sib: the sibling pages' node strings */
	char **sibpath;             /* their real paths: a page is not its own sibling */
	int nsib;
};

static char *
real_path(const char *p)
{
	char *r = realpath(p, NULL);
	return r ? r : xstrdup(p);
}

/* NULL when the method needs no other pages (or there are none). */
static struct site *
site_new(const struct cli *c, struct inputs *in)
{
	if (c->algo != ALGO_ENT && c->algo != ALGO_SIB)
		return NULL;
	struct inputs sib = { 0 };
	for (int i = 0; i < c->nsiblings; i++) {
		struct stat st;
		if (stat(c->siblings[i], &st) == 0 && S_ISDIR(st.st_mode))
			walk_dir(c->siblings[i], &sib, 0);
		else
			inputs_add(&sib, c->siblings[i]);
	}
	/* sib without --siblings: the other inputs are the siblings */
	if (c->algo == ALGO_SIB && sib.n == 0)
		for (int i = 0; i < in->n; i++)
			inputs_add(&sib, in->v[i]);
	struct site *st = NULL;
	int n = c->algo == ALGO_ENT ? in->n + sib.n : sib.n;
	if (n < 2 && !(c->algo == ALGO_SIB && n == 1))
		goto done;
	st = xcalloc(1, sizeof *st);
	struct page *pg = xcalloc((size_t)n, sizeof *pg);
	const struct dom **doms = xcalloc((size_t)n, sizeof *doms);
	const struct metrics **ms = xcalloc((size_t)n, sizeof *ms);
	char err[256];
	for (int i = 0; i < n; i++) {
		int k = c->algo == ALGO_ENT ? i - in->n : i;
		const char *name = k < 0 ? in->v[i] : sib.v[k];
		if (!strcmp(name, "-"))
			continue;       /* standard input can be read once only */
		if (cli_load(c, name, &pg[i], true, err, sizeof err) < 0) {
			if (k >= 0)
				cli_report(name, err);
			continue;
		}
		doms[i] = pg[i].dom;
		ms[i] = pg[i].m;
	}
	if (c->algo == ALGO_ENT) {
		st->ent = entropy_site_new(doms, ms, n, &c->params);
		for (int k = 0; c->verbose && k < st->ent->nclusters; k++) {
			int s = st->ent->sample[k];
			fprintf(stderr, "pith: cluster %d: sample %s, path %s (%s)\n", k,
				s < in->n ? in->v[s] : sib.v[s - in->n], st->ent->path[k]->xpath,
				entropy_path_kind(st->ent->path[k]));
		}
	} else {
		st->sib = xcalloc((size_t)n, sizeof *st->sib);
		st->sibpath = xcalloc((size_t)n, sizeof *st->sibpath);
		for (int i = 0; i < n; i++) {
			if (!doms[i])
				continue;
			sib_string_build(doms[i], doms[i]->body, &st->sib[st->nsib]);
			st->sibpath[st->nsib++] = real_path(sib.v[i]);
		}
	}
	for (int i = 0; i < n; i++)
		page_free(&pg[i]);
	free(pg);
	free(doms);
	free(ms);
done:
	for (int i = 0; i < sib.n; i++)
		free(sib.v[i]);
	free(sib.v);
	return st;
}

static void
site_free(struct site *st)
{
	if (!st)
		return;
	entropy_site_free(st->ent);
	for (int i = 0; i < st->nsib; i++) {
		sib_string_free(&st->sib[i]);
		free(st->sibpath[i]);
	}
	free(st->sib);
	free(st->sibpath);
	free(st);
}

/* ent: the page's cluster path (or, alone, its own descent); returns the
 * cluster and hands over the XPath used. */
static int
site_ent(const struct cli *c, const struct site *st, int index, struct page *pg,
	 struct buf *text, char **xpath)
{
	int fb = 1, cluster = 0, stop;
	if (st && st->ent) {
		stop = entropy_site_stop(st->ent, index, pg->dom, pg->m, &c->params, &fb);
		cluster = st->ent->cluster[index];
	} else {
		stop = entropy_page_stop(pg->dom, pg->m, &c->params);
	}
	struct ent_path *p = entropy_path_new(pg->dom, stop);
	if (c->verbose)
		fprintf(stderr, "%s: cluster %d, path %s (%s%s)\n", pg->name, cluster,
			p->xpath, entropy_path_kind(p),
			fb && st ? "; the cluster's path names nothing here, own descent" : "");
	*xpath = p->xpath;
	p->xpath = NULL;
	entropy_path_free(p);
	entropy_decide(pg->dom, stop, NULL, &pg->dc);
	extract_text(pg->dom, pg->dc.content, text);
	return cluster;
}

static void
site_sib(const struct cli *c, const struct site *st, struct page *pg,
	 struct buf *text)
{
	const struct sib_string **sibs = xcalloc((size_t)st->nsib + 1, sizeof *sibs);
	char *self = real_path(pg->name);
	int k = 0;
	for (int i = 0; i < st->nsib; i++)
		if (strcmp(st->sibpath[i], self))
			sibs[k++] = &st->sib[i];
	free(self);
	sib_decide(pg->dom, pg->m, sibs, k, &c->params, NULL, &pg->dc, NULL, NULL);
	int noise = 0;
	for (int i = 0; i < pg->dom->n; i++) {
		int par = pg->dom->parent[i];
		noise += pg->dc.reason[i] == REASON_NOISE_BLOCK &&
			 (par < 0 || pg->dc.reason[par] != REASON_NOISE_BLOCK);
	}
	if (c->verbose)
		fprintf(stderr, "%s: %d sibling pages, %d noise blocks\n", pg->name, k, noise);
	free(sibs);
	extract_text(pg->dom, pg->dc.content, text);
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

static bool
needs_dom(enum algo a)
{
	return a != ALGO_LB;
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
run_page(const struct cli *c, const struct site *st, int index,
	 const char *input, struct result *r)
{
	double t0 = now_ms();
	struct page pg;
	char err[256];
	buf_init(&r->out);
	r->failed = 0;
	if (cli_load(c, input, &pg, needs_dom(c->algo) || c->ruleset, err, sizeof err) < 0) {
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
	struct buf text;
	buf_init(&text);
	/* the site rule, if one matches, decides instead of the method */
	char *side = NULL;
	const char *rule_url = c->url ? c->url : cli_is_url(input) ? input : pg.meta.canonical;
	/* input is an argv string or a walked path, never NULL */
	if (!rule_url && c->ruleset && strcmp(input, "-"))   /* NOLINT(clang-analyzer-core.NonNullParamChecker) */
		rule_url = side = sidecar_url(input);
	const struct rule *rule = c->ruleset ? rules_match(c->ruleset, rule_url) : NULL;
	enum algo algo = c->algo;
	int cluster = -1;
	char *xpath = NULL;
	if (rule) {
		/* the rule decides, below */
	} else if (c->algo == ALGO_ENT)
		cluster = site_ent(c, st, index, &pg, &text, &xpath);
	else if (c->algo == ALGO_SIB && st)
		site_sib(c, st, &pg, &text);
	else
		page_run(&pg, c->algo, &c->params, NULL, &text);
	if (rule) {
		struct params p = c->params;
		struct rules_outcome ro;
		rule_settings(rule, c->algo_given, &algo, &p);
		rules_page_run(&pg, rule, algo, &p, NULL, &text, &ro, rule_diag, NULL);
		rules_outcome_free(&ro);
	}
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
		json_field(o, "algo", algo_name(algo), true);
		if (c->ruleset)
			json_field(o, "rule", rule ? rule->path : NULL, true);
		json_field(o, "charset", pg.src.charset.name, true);
		json_field(o, "charset_source", charset_source_name(pg.src.charset.source), true);
		if (c->algo == ALGO_ENT) {
			buf_printf(o, "\"cluster\":%d,", cluster);
			json_field(o, "path", xpath, true);
		}
		buf_printf(o, "\"chars\":%zu,\"ms\":%.1f,",
			   utf8_count_chars(text.data ? text.data : "", text.len), ms);
		buf_adds(o, "\"text\":");
		buf_add_json(o, text.data ? text.data : "", text.len);
		buf_adds(o, "}\n");
	} else {
		buf_add(o, text.data ? text.data : "", text.len);
	}
	buf_free(&text);
	free(side);
	free(xpath);
	page_free(&pg);

	if (c->outdir) {
		char *path = out_path(c->outdir, input,
				      c->format == FORMAT_JSON ? "json" : "txt");
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
		if (p->c->format == FORMAT_TEXT && p->printed > 0)
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
worker(const struct cli *c, const struct site *st, struct inputs *in, int rfd, int wfd)
{
	int index;
	while (read_full(rfd, &index, sizeof index) == 0 && index >= 0) {
		struct result r;
		run_page(c, st, index, in->v[index], &r);
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
run_parallel(const struct cli *c, const struct site *st, struct inputs *in,
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
		return cli_usage_error("extract writes text or json");
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
	struct inputs in = { 0 };
	int status = 0;
	for (int i = 0; i < c->ninputs; i++) {
		const char *a = c->inputs[i];
		struct stat st;
		if (strcmp(a, "-") && !cli_is_url(a) && stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (walk_dir(a, &in, 0) < 0)
				status = 1;
		} else {
			inputs_add(&in, a);
		}
	}
	struct printer pr = { .c = c, .total = in.n, .t0 = now_ms() };
	pr.progress = isatty(2) && in.n > 5;
	int stdin_uses = 0;
	for (int i = 0; i < in.n; i++)
		stdin_uses += !strcmp(in.v[i], "-");
	struct site *st = site_new(c, &in);
	if (c->jobs > 1 && in.n > 1 && stdin_uses == 0) {
		run_parallel(c, st, &in, &pr);
	} else {
		for (int i = 0; i < in.n; i++) {
			struct result r;
			run_page(c, st, i, in.v[i], &r);
			emit(&pr, in.v[i], &r);
		}
	}
	site_free(st);
	for (int i = 0; i < in.n; i++)
		free(in.v[i]);
	free(in.v);
	rules_set_free(c->ruleset);
	c->ruleset = NULL;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return status || pr.failed ? 1 : 0;
}
