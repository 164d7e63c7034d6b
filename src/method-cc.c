/* method-cc.c - content correlativity (ALGORITHMS.md §1) in the table. */
#include "config.h"

#include "method.h"

static void
cc_decide(struct page *pg, const void *site, int index, const char *name,
	  const struct params *p, void **state, struct decision *dc)
{
	(void)site, (void)index, (void)name, (void)state;
	decide_cc(pg->dom, pg->m, p, NULL, dc);
}

const struct method method_cc = {
	.name = "cc",
	.summary = "content correlativity: CC = TA/LA per element, smoothed by CS and TD",
	.needs_dom = true,
	.decide = cc_decide,
};
