/* cli.c - what every command shares: reporting, URL tests, loading an
 * input (file, "-" or URL) into a page. */
#include "config.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

int
cli_load(const struct cli *c, const char *input, struct page *pg,
	 bool want_dom, char *err, size_t errlen)
{
	memset(pg, 0, sizeof *pg);  /* the caller frees pg whatever happens */
	/* test hook: a page whose name holds $PITH_TEST_CRASH crashes here,
	 * as a page that crashes the parser would (tests/limits.test) */
	const char *crash = getenv("PITH_TEST_CRASH");
	if (crash && *crash && strstr(input, crash))
		raise(SIGSEGV);
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
walk_skip(void *ctx, const char *path, const char *reason)
{
	(void)ctx;
	cli_report(path, reason);
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

/* Load input into pg in a child process first: a page that crashes the
 * parser must not take the whole run (and the other pages) with it.  0
 * when it loads (then here too), -1 with the reason in err. */
static int
load_isolated(const struct cli *c, const char *input, struct page *pg, char *err,
	      size_t errlen)
{
	memset(pg, 0, sizeof *pg);
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		struct page p;
		char e[256];
		int rc = cli_load(c, input, &p, true, e, sizeof e);
		_exit(rc < 0 ? 1 : 0);
	}
	int status = 0;
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFSIGNALED(status)) {
		snprintf(err, errlen, "crashed (signal %d, %s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		return -2;
	}
	return cli_load(c, input, pg, true, err, errlen);
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

void
cli_sites_new(const struct cli *c, const struct method *const *ms, int nm, char *const *inputs,
	      int ninputs, uint8_t *crashed, void **out)
{
	bool any = false;
	for (int k = 0; k < nm; k++) {
		out[k] = NULL;
		any |= ms[k]->site_pages != SITE_NONE &&
		       (ms[k]->site_pages != SITE_SIBLINGS || c->nsiblings);
	}
	if (!any)
		return;
	struct strv names = { 0 };
	for (int i = 0; i < ninputs; i++)
		strv_add(&names, inputs[i]);
	cli_sibling_paths(c, &names);
	int nsib = names.n - ninputs;
	struct site_pages sp = { .n = names.n, .ninputs = ninputs };
	sp.pages = xcalloc((size_t)names.n + 1, sizeof *sp.pages);
	sp.path = xcalloc((size_t)names.n + 1, sizeof *sp.path);
	sp.name = xcalloc((size_t)names.n + 1, sizeof *sp.name);
	/* a site of many pages takes seconds: say how far it is, on a
	 * terminal only */
	bool progress = isatty(STDERR_FILENO) && names.n > 5 && !c->verbose;
	char err[256];
	for (int i = 0; i < names.n; i++) {
		const char *name = names.v[i];
		sp.name[i] = name;
		sp.path[i] = real_path(name);
		if (!strcmp(name, "-"))
			continue;       /* standard input can be read once only */
		if (progress)
			eprintf("\rpith: reading the site's pages: %d of %d", i + 1, names.n);
		int rc = load_isolated(c, name, &sp.pages[i], err, sizeof err);
		if (rc < 0) {
			/* an input's failure is reported when it is extracted;
			 * a crash here, once, and the page is not run again */
			if (progress)
				fputs("\r\033[K", stderr);
			if (i >= ninputs || rc == -2)
				cli_report(name, err);
			if (rc == -2 && i < ninputs && crashed)
				crashed[i] = 1;
			page_free(&sp.pages[i]);
		}
	}
	if (progress)
		fputs("\r\033[K", stderr);
	for (int k = 0; k < nm; k++) {
		const struct method *m = ms[k];
		if (m->site_pages == SITE_NONE || (m->site_pages == SITE_SIBLINGS && !nsib))
			continue;
		struct site_pages v;
		site_view(m, &sp, nsib, &v);
		if (v.n >= m->min_site)
			out[k] = run_site_new(m, &v, &c->params, c->verbose ? stderr : NULL);
	}
	for (int i = 0; i < names.n; i++) {
		page_free(&sp.pages[i]);
		free(sp.path[i]);
	}
	free(sp.pages);
	free(sp.path);
	free(sp.name);
	strv_free(&names);
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
