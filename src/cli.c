/* cli.c - what every command shares: reporting, URL tests, loading an
 * input (file, "-" or URL) into a page. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fetch.h"
#include "run.h"
#include "walk.h"

void
cli_report(const char *file, const char *reason)
{
	eprintf("pith: %s: %s\n", file, reason);
}

void
cli_report_once(const char *file, const char *reason)
{
	/* the files said so far, for the run's life: the map's keys are
	 * the copies in keys */
	static struct strmap said;
	static struct strv keys;
	strv_add(&keys, file);
	if (strmap_put(&said, keys.v[keys.n - 1], 0) >= 0) {
		free(keys.v[--keys.n]);
		return;
	}
	cli_report(file, reason);
}

int
cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	char m[1024];
	va_start(ap, fmt);
	vsnprintf(m, sizeof m, fmt, ap);
	va_end(ap);
	eprintf("pith: %s\nTry 'pith --help' for more information.\n", m);
	return 2;
}

bool
cli_is_url(const char *input)
{
	return !strncmp(input, "http://", 7) || !strncmp(input, "https://", 8);
}

void
cli_test_hang(const char *input)
{
	const char *hang = getenv("PITH_TEST_HANG");
	if (hang && *hang && strstr(input, hang))
		for (;;)
			pause();
}

int
cli_load(const struct cli *c, const char *input, struct page *pg,
	 bool want_dom, char *err, size_t errlen)
{
	memset(pg, 0, sizeof *pg);  /* the caller frees pg whatever happens */
	cli_test_hang(input);
	/* test hook: a page whose name holds $PITH_TEST_CRASH crashes here,
	 * as a page that crashes the parser would (tests/limits.test) */
	const char *crash = getenv("PITH_TEST_CRASH");
	if (crash && *crash && strstr(input, crash))
		raise(SIGSEGV);
	/* and one whose name holds $PITH_TEST_STOP stops here, as a batch
	 * stopped by ^Z would, until the test continues it */
	const char *stop = getenv("PITH_TEST_STOP");
	if (stop && *stop && strstr(input, stop))
		raise(SIGSTOP);
	struct stat st;
	/* before opening: a FIFO's open would wait for a writer forever, a
	 * device would never end */
	if (strcmp(input, "-") && !cli_is_url(input) && stat(input, &st) == 0 &&
	    !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "not a regular file");
		return -1;
	}
	if (!cli_is_url(input))
		return page_load(pg, input, &c->page, want_dom, err, errlen);
	char *body = NULL, *ctype = NULL;
	size_t len = 0;
	if (fetch_url(input, c->page.load.max_bytes, &body, &len, &ctype, err, errlen) < 0)
		return -1;
	struct page_opts o = c->page;
	o.load.http_type = ctype;
	int rc = page_load_bytes(pg, input, body, len, &o, want_dom, err, errlen);
	/* the charset guess keeps no pointer into ctype */
	free(body);
	free(ctype);
	return rc;
}

static void
walk_skip(void *ctx, const char *path, const char *reason, bool lost)
{
	(void)ctx, (void)lost;
	cli_report_once(path, reason);
}

void
cli_expand_paths(char *const *paths, int n, struct strv *out)
{
	for (int i = 0; i < n; i++) {
		struct stat st;
		char err[256];
		if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			if (walk_dir(paths[i], walk_page_exts, 64, 0, out, walk_skip, NULL,
				     err, sizeof err) < 0)
				cli_report(paths[i], err);
		} else {
			strv_add(out, paths[i]);
		}
	}
}

void
cli_sibling_paths(const struct cli *c, struct strv *out)
{
	cli_expand_paths((char *const *)c->siblings, c->nsiblings, out);
}

static char *
real_path(const char *p)
{
	char *r = realpath(p, NULL);
	return r ? r : xstrdup(p);
}

/* The site phase's limit on one page: --timeout, else extract's default
 * where a run of many pages must not wait on one (-j). */
static int
site_timeout(const struct cli *c)
{
	return c->timeout >= 0 ? c->timeout : c->jobs > 1 ? EXTRACT_DEFAULT_TIMEOUT : 0;
}

/* The child's side of load_isolated: bytes to the parent, gathered into
 * pieces of 64 KiB. */
struct sink {
	int fd;
	struct buf b;
};

static void
sink_flush(struct sink *k)
{
	for (size_t at = 0; at < k->b.len;) {
		ssize_t w = write(k->fd, k->b.data + at, k->b.len - at);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(1);       /* the parent gave up on the page */
		at += (size_t)w;
	}
	k->b.len = 0;
}

static void
sink_put(void *ctx, const void *p, size_t n)
{
	struct sink *k = ctx;
	buf_add(&k->b, p, n);
	if (k->b.len >= 65536)
		sink_flush(k);
}

/* The page loaded, then sent: a byte 1 and the page (page_pack), or a
 * byte 0, the reason's length and the reason. */
static void
load_child(const struct cli *c, const char *input, int fd)
{
	struct page p;
	char e[256];
	struct sink k = { .fd = fd };
	buf_init(&k.b);
	uint8_t ok = cli_load(c, input, &p, true, e, sizeof e) == 0;
	sink_put(&k, &ok, 1);
	if (ok) {
		page_pack(&p, sink_put, &k);
	} else {
		uint32_t len = (uint32_t)strlen(e);
		sink_put(&k, &len, sizeof len);
		sink_put(&k, e, len);
	}
	sink_flush(&k);
	_exit(0);
}

/* The parent's side: bytes from the child, within the site phase's time
 * limit. */
struct source {
	int fd;
	int limit;              /* seconds, 0 none */
	long spent;             /* ms, counted a slice at a time */
	bool late;
};

static int
source_get(void *ctx, void *p, size_t n)
{
	struct source *r = ctx;
	char *at = p;
	while (n > 0) {
		struct pollfd pf = { .fd = r->fd, .events = POLLIN };
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		int rc = poll(&pf, 1, r->limit ? 250 : -1);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		/* a slice counts at most half a second: a run stopped (^Z)
		 * does not use up its page's time while stopped */
		long ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
		r->spent += ms < 500 ? ms : 500;
		if (r->limit && r->spent >= r->limit * 1000L) {
			r->late = true;
			return -1;
		}
		if (rc < 0 && errno != EINTR)
			return -1;
		if (rc <= 0)
			continue;
		ssize_t got = read(r->fd, at, n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		at += got;
		n -= (size_t)got;
	}
	return 0;
}

/* Load input into pg in a child process, which parses it and sends the
 * page back (parsed once): a page that crashes the parser must not take
 * the whole run (and the other pages) with it, and one over the time
 * limit is left behind.  0 when it loads, -1 with the reason in err, -2
 * when it crashed or ran out of time (reported, not tried again). */
static int
load_isolated(const struct cli *c, const char *input, struct page *pg, char *err,
	      size_t errlen)
{
	memset(pg, 0, sizeof *pg);
	int fd[2];
	if (pipe(fd) < 0)
		return cli_load(c, input, pg, true, err, errlen);
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		load_child(c, input, fd[1]);
	}
	close(fd[1]);
	if (pid < 0) {
		close(fd[0]);
		return cli_load(c, input, pg, true, err, errlen);
	}
	struct source r = { .fd = fd[0], .limit = site_timeout(c) };
	uint8_t ok = 0;
	uint32_t len = 0;
	int rc = -1;
	char reason[256] = "";
	if (source_get(&r, &ok, 1) == 0) {
		if (ok && page_unpack(pg, input, source_get, &r, &c->page) == 0) {
			rc = 0;
		} else if (!ok && source_get(&r, &len, sizeof len) == 0 && len < sizeof reason &&
			   source_get(&r, reason, len) == 0) {
			reason[len] = '\0';
			snprintf(err, errlen, "%s", reason);
			rc = -1;
		} else {
			ok = 0;
			reason[0] = '\0';
			rc = -3;
		}
	} else {
		rc = -3;
	}
	if (r.late)
		kill(pid, SIGKILL);
	close(fd[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (rc == 0)
		return 0;
	page_free(pg);
	if (r.late) {
		snprintf(err, errlen, "over the time limit (%d s)", r.limit);
		return -2;
	}
	if (WIFSIGNALED(status)) {
		snprintf(err, errlen, "crashed (signal %d, %s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		return -2;
	}
	if (rc == -3)
		snprintf(err, errlen, "its loading process ended without the page (exit %d)",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return -1;
}

/* Which of the loaded pages (the inputs, then the siblings) method m's
 * site is built from. */
static void
site_view(const struct method *m, const struct site_pages *all, int nsib, struct site_pages *v)
{
	*v = *all;
	if (m->site_pages == SITE_INPUTS_SIBLINGS)
		return;
	bool inputs = m->site_pages == SITE_SIBLINGS_OR_INPUTS && nsib == 0;
	v->ninputs = 0;
	if (!inputs) {
		v->pages += all->ninputs;
		v->path += all->ninputs;
		v->name += all->ninputs;
		v->n = nsib;
	}
}

/* Does method m build a site from these pages? */
static bool
site_wanted(const struct method *m, int nsib)
{
	return m->site_pages != SITE_NONE && (m->site_pages != SITE_SIBLINGS || nsib > 0);
}

struct site_load {
	const struct cli *c;
	const struct method *const *ms;
	int nm, ninputs, nsib, next;
	struct strv names;
	struct site_pages sp;
	uint8_t *crashed;       /* a crash for each input that gave one */
	void **build;           /* per method: its site a page at a time */
	int *first;             /* per method: its first page among the loaded */
	bool hold;              /* a method needs every page in hand */
	bool progress;          /* a progress line on stderr to clear first */
};

struct site_load *
cli_sites_begin(const struct cli *c, const struct method *const *ms, int nm, char *const *inputs,
		int ninputs)
{
	bool any = false;
	for (int k = 0; k < nm; k++)
		any |= site_wanted(ms[k], c->nsiblings);
	if (!any)
		return NULL;
	struct site_load *l = xcalloc(1, sizeof *l);
	l->c = c;
	l->ms = ms;
	l->nm = nm;
	l->ninputs = ninputs;
	for (int i = 0; i < ninputs; i++)
		strv_add(&l->names, inputs[i]);
	cli_sibling_paths(c, &l->names);
	l->nsib = l->names.n - ninputs;
	l->sp = (struct site_pages){ .n = l->names.n, .ninputs = ninputs };
	l->sp.pages = xcalloc((size_t)l->names.n + 1, sizeof *l->sp.pages);
	l->sp.path = xcalloc((size_t)l->names.n + 1, sizeof *l->sp.path);
	l->sp.name = xcalloc((size_t)l->names.n + 1, sizeof *l->sp.name);
	l->crashed = xcalloc((size_t)ninputs + 1, 1);
	/* a method that builds its site a page at a time gets each page as
	 * it loads; the pages are kept only for one that cannot */
	l->build = xcalloc((size_t)nm + 1, sizeof *l->build);
	l->first = xcalloc((size_t)nm + 1, sizeof *l->first);
	for (int k = 0; k < nm; k++) {
		const struct method *m = ms[k];
		if (!site_wanted(m, l->nsib))
			continue;
		if (!m->site_begin) {
			l->hold = true;
			continue;
		}
		struct site_pages v;
		site_view(m, &l->sp, l->nsib, &v);
		l->first[k] = (int)(v.pages - l->sp.pages);
		if (v.n >= m->min_site)
			l->build[k] = m->site_begin(v.n, &c->params);
	}
	return l;
}

int
cli_sites_total(const struct site_load *l)
{
	return l->names.n;
}

int
cli_sites_step(struct site_load *l)
{
	if (l->next >= l->names.n)
		return 0;
	int i = l->next++;
	const char *name = l->names.v[i];
	l->sp.name[i] = name;
	l->sp.path[i] = real_path(name);
	if (strcmp(name, "-")) {        /* standard input can be read once only */
		char err[256];
		int rc = load_isolated(l->c, name, &l->sp.pages[i], err, sizeof err);
		if (rc < 0) {
			/* an input's failure is reported when it is extracted;
			 * a crash here, once, and the page is not run again; a
			 * sibling that is also an input is reported as the
			 * input, not twice */
			bool said = false;
			for (int j = 0; j < l->ninputs && i >= l->ninputs && !said; j++)
				said = !strcmp(l->sp.path[j], l->sp.path[i]);
			if (l->progress && (i >= l->ninputs || rc == -2) && !said)
				fputs("\r\033[K", stderr);
			if ((i >= l->ninputs || rc == -2) && !said)
				cli_report(name, err);
			if (rc == -2 && i < l->ninputs)
				l->crashed[i] = 1;
			page_free(&l->sp.pages[i]);
		}
	}
	for (int k = 0; k < l->nm; k++)
		if (l->build[k] && i >= l->first[k])
			l->ms[k]->site_add(l->build[k], i - l->first[k], &l->sp.pages[i],
					   l->sp.path[i]);
	if (!l->hold)
		page_free(&l->sp.pages[i]);
	return l->names.n - l->next;
}

/* site_end's reload: the page in hand, or read again. */
struct reload {
	struct site_load *l;
	int first;
	struct page pg;
};

static int
reload_page(void *ctx, int i, const struct page **pg)
{
	struct reload *r = ctx;
	page_free(&r->pg);
	if (i < 0)
		return 0;
	int at = r->first + i;
	if (r->l->hold) {
		*pg = &r->l->sp.pages[at];
		return 0;
	}
	/* (a cluster's sample: ent weighs it again on the site's text) */
	char err[256];
	if (load_isolated(r->l->c, r->l->names.v[at], &r->pg, err, sizeof err) < 0) {
		cli_report(r->l->names.v[at], err);
		return -1;
	}
	*pg = &r->pg;
	return 0;
}

void
cli_sites_finish(struct site_load *l, uint8_t *crashed, void **out)
{
	for (int k = 0; k < l->nm; k++)
		out[k] = NULL;
	while (cli_sites_step(l) > 0)
		;
	for (int i = 0; crashed && i < l->ninputs; i++)
		crashed[i] |= l->crashed[i];
	const struct cli *c = l->c;
	FILE *verbose = c->verbose ? stderr : NULL;
	for (int k = 0; k < l->nm; k++) {
		const struct method *m = l->ms[k];
		if (l->build[k]) {
			struct reload r = { .l = l, .first = l->first[k] };
			out[k] = m->site_end(l->build[k], &c->params, reload_page, &r,
					     l->sp.name + l->first[k], verbose);
			l->build[k] = NULL;
			page_free(&r.pg);
			continue;
		}
		if (!site_wanted(m, l->nsib) || m->site_begin)
			continue;
		struct site_pages v;
		site_view(m, &l->sp, l->nsib, &v);
		if (v.n >= m->min_site)
			out[k] = run_site_new(m, &v, &c->params, verbose);
	}
	cli_sites_abandon(l);
}

void
cli_sites_abandon(struct site_load *l)
{
	if (!l)
		return;
	for (int k = 0; k < l->nm; k++)
		if (l->build[k])
			l->ms[k]->site_abandon(l->build[k]);
	free(l->build);
	free(l->first);
	for (int i = 0; i < l->names.n; i++) {
		page_free(&l->sp.pages[i]);
		free(l->sp.path[i]);
	}
	free(l->sp.pages);
	free(l->sp.path);
	free(l->sp.name);
	free(l->crashed);
	strv_free(&l->names);
	free(l);
}

void
cli_sites_new(const struct cli *c, const struct method *const *ms, int nm, char *const *inputs,
	      int ninputs, uint8_t *crashed, void **out)
{
	struct site_load *l = cli_sites_begin(c, ms, nm, inputs, ninputs);
	if (!l) {
		for (int k = 0; k < nm; k++)
			out[k] = NULL;
		return;
	}
	/* a site of many pages takes seconds: say how far it is, on a
	 * terminal only */
	int n = cli_sites_total(l);
	bool progress = isatty(STDERR_FILENO) && n > 5 && !c->verbose;
	l->progress = progress;
	for (int left = n; left > 0;) {
		if (progress)
			eprintf("\rpith: reading the site's pages: %d of %d", n - left + 1, n);
		left = cli_sites_step(l);
	}
	if (progress)
		fputs("\r\033[K", stderr);
	cli_sites_finish(l, crashed, out);
}

void *
cli_site_new(const struct cli *c, const struct method *m, char *const *inputs,
	     int ninputs, uint8_t *crashed)
{
	void *site = NULL;
	const struct method *ms[1] = { m };
	cli_sites_new(c, ms, 1, inputs, ninputs, crashed, &site);
	return site;
}
