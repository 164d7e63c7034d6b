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

/* Stages: CC against C alone; then smoothing; then the outlier reset. */
static void
cc_raw(struct params *p, int k)
{
	(void)k;
	p->cc_S = 2;            /* CS is at most 1: nothing is rescued */
	p->cc_outliers = 0;
}

static void
cc_smoothed(struct params *p, int k)
{
	(void)k;
	p->cc_outliers = 0;
}

static void
cc_all(struct params *p, int k)
{
	(void)p, (void)k;
}

static const struct method_step cc_steps[] = {
	{ "CC > C", cc_raw },
	{ "smoothing (CS > S and TD > D)", cc_smoothed },
	{ "outlier reset", cc_all },
};

const struct method method_cc = {
	.name = "cc",
	.summary = "content correlativity: CC = TA/LA per element, smoothed by CS and TD",
	.needs_dom = true,
	.figures_decide = true,
	.decide = cc_decide,
	.steps = cc_steps,
	.nsteps = 3,
};
