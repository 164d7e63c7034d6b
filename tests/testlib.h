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
#include "run.h"

/* The run of the last test_run_into() call: its decision, state and text
 * (one per test program; each call starts it afresh). */
static struct run test_last;

/* pg through method m, as every front-end runs it; the text is appended
 * to out and the decision is in test_last.dc. */
static inline void
test_run_into(struct page *pg, const struct method *m, const struct params *p,
	      const uint8_t *pins, struct buf *out)
{
	run_free(&test_last);
	run_init(&test_last);
	struct run_input in = { .method = m, .params = p, .pins = pins, .index = -1 };
	run_page(&test_last, pg, &in);
	buf_add(out, test_last.text.data, test_last.text.len);
}

/* cmocka 1.1 has no assert_double_equal. */
#define assert_near(a, b, eps) do { \
	double a_ = (a), b_ = (b); \
	if (!(fabs(a_ - b_) <= (eps))) \
		fail_msg("%s = %.6f, expected %.6f", #a, a_, b_); \
} while (0)

/* An empty decision for pg in test_last.dc, for tests that call a
 * stage's decide function themselves. */
static inline void
test_decision(const struct page *pg)
{
	run_free(&test_last);
	run_init(&test_last);
	decision_init(&test_last.dc, pg->dom->n);
}

/* The same with site rule r; its outcome is handed over to *o (the
 * caller frees it). */
static inline void
test_rule_into(struct page *pg, const struct rule *r, const struct method *m,
	       const struct params *p, struct buf *out, struct rules_outcome *o,
	       rules_diag diag, void *ctx)
{
	run_free(&test_last);
	run_init(&test_last);
	struct run_input in = { .method = m, .params = p, .index = -1, .rule = r,
				.diag = diag, .diag_ctx = ctx };
	run_page(&test_last, pg, &in);
	buf_add(out, test_last.text.data, test_last.text.len);
	*o = test_last.outcome;
	memset(&test_last.outcome, 0, sizeof test_last.outcome);
	test_last.rule = NULL;
}

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
