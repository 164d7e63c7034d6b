/* cc.c - content correlativity (doc/algorithms.md#cc) in the table. */
#include "config.h"

#include "method/method.h"

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

static const struct param_desc cc_params[] = {
	{ "cc.C", "cc", PARAM_DOUBLE, false, PARAM_OFF(cc_C), 29, 0, 1e9, 1,
	  "CC threshold: content when CC > C", NULL, NULL },
	{ "cc.S", "cc", PARAM_DOUBLE, false, PARAM_OFF(cc_S), 0.57, 0, 1, 0.01,
	  "smoothing: CS above which a noise node may become content", NULL, NULL },
	{ "cc.D", "cc", PARAM_DOUBLE, false, PARAM_OFF(cc_D), 63, 0, 1e9, 1,
	  "smoothing: TD above which a noise node may become content", NULL, NULL },
	{ "cc.outliers", "cc", PARAM_BOOL, false, PARAM_OFF(cc_outliers), 1, 0, 1, 1,
	  "reset content nodes outside the content region (on/off)", NULL, NULL },
};

static const enum reason cc_reasons[] = {
	REASON_CC, REASON_SMOOTH, REASON_OUTLIER, REASON_NOISE,
};

const struct method method_cc = {
	.name = "cc",
	.summary = "content correlativity: CC = TA/LA per element, smoothed by CS and TD",
	.params = cc_params,
	.nparams = sizeof cc_params / sizeof cc_params[0],
	.reasons = cc_reasons,
	.nreasons = sizeof cc_reasons / sizeof cc_reasons[0],
	.needs_dom = true,
	.figures_decide = true,
	.decide = cc_decide,
	.steps = cc_steps,
	.nsteps = 3,
};
