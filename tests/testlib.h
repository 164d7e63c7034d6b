/* testlib.h - shared set-up for the unit tests: a page from a string. */
#ifndef PITH_TESTLIB_H
#define PITH_TESTLIB_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "page.h"

/* cmocka 1.1 has no assert_double_equal. */
#define assert_near(a, b, eps) do { \
	double a_ = (a), b_ = (b); \
	if (!(fabs(a_ - b_) <= (eps))) \
		fail_msg("%s = %.6f, expected %.6f", #a, a_, b_); \
} while (0)

/* Load and parse html; fails the test on error. */
static inline void
test_page(struct page *pg, const char *html)
{
	struct page_opts o;
	char err[256] = "";
	page_opts_default(&o);
	int rc = page_load_bytes(pg, "test", html, strlen(html), &o, true, err, sizeof err);
	if (rc != 0)
		fail_msg("page_load_bytes: %s", err);
}

/* Id of the first element with attribute id=value, or -1. */
static inline int
test_by_id(const struct page *pg, const char *value)
{
	for (int i = 0; i < pg->dom->n; i++) {
		const char *v = dom_attr(pg->dom, i, "id");
		if (v && !strcmp(v, value))
			return i;
	}
	return -1;
}

#endif
