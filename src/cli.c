/* cli.c - what every command shares: reporting, URL tests, loading an
 * input (file, "-" or URL) into a page. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void
cli_report(const char *file, const char *reason)
{
	fprintf(stderr, "pith: %s: %s\n", file, reason);
}

int
cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("pith: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'pith --help' for more information.\n", stderr);
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
