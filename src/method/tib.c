/* tib.c - relativity and veracity (doc/algorithms.md#tib) in the table. */
#include "config.h"

#include "method/method.h"
#include "method/tib-veracity.h"
#include "run.h"

static void
tib_decide(struct page *pg, const void *site, int index, const char *name,
	   const struct params *p, void **state, struct decision *dc)
{
	(void)site, (void)index, (void)name;
	struct tib_figures *f = *state;
	if (!f || f->setting != p->tib_script) {
		tib_figures_free(f);
		*state = f = tib_figures_compute(pg->dom, pg->m, page_script(pg), p->tib_script);
	}
	decide_tib(pg->dom, pg->m, f, p, NULL, dc);
}

static void
tib_state_free(void *state)
{
	tib_figures_free(state);
}

static double
tib_rel(const void *state, int i)
{
	return ((const struct tib_figures *)state)->rel[i];
}

static double
tib_ver(const void *state, int i)
{
	return ((const struct tib_figures *)state)->ver[i];
}

static const struct method_column tib_columns[] = {
	{ .name = "REL", .decimals = 2, .width = 4, .value = tib_rel,
	  .help = "relativity: link text share LT/(TA+LT)" },
	/* three decimals: the Latin band starts at 0.004 */
	{ .name = "VER", .decimals = 3, .width = 5, .value = tib_ver,
	  .help = "veracity: syllable dots (or sentence punctuation) per character" },
};

static void
tib_explain(const struct run *r, const struct page *pg, const struct params *p,
	    int i, const struct explain *x)
{
	const struct tib_figures *f = r->state;
	const struct metrics *m = pg->m;
	if (!f)
		return;
	double lo, hi;
	tib_band(f, p, &lo, &hi);
	int all = m->TA[i] + m->LT[i];
	bool rel_out = f->rel[i] >= p->tib_rel;
	explain_printf(x, rel_out ? EXPLAIN_NOISE : EXPLAIN_NORMAL,
		       "REL = LT/(TA+LT) = %d/%d = %.2f %s tib.rel=%g%s",
		       m->LT[i], all, f->rel[i], rel_out ? x->ge : "<", p->tib_rel,
		       rel_out ? " (mostly link text)" : "");
	/* the step mode's first stage lifts the band past tib.ver_max's range */
	bool banded = p->tib_ver_max <= 1;
	char band[64];
	if (banded)
		snprintf(band, sizeof band, "band [%.3f, %.3f]", lo, hi);
	else
		snprintf(band, sizeof band, "not tested at this stage");
	explain_printf(x, EXPLAIN_NORMAL, "VER = %s/%s = %d/%d = %.3f, %s",
		       f->signal == SCRIPT_TIBETAN ? (f->legacy ? "dots('-')" : "dots") :
		       "punctuation", f->signal == SCRIPT_TIBETAN ? "len" : "TA",
		       f->dots[i], f->len[i], f->ver[i], band);
	explain_printf(x, EXPLAIN_DIM, "band for %s text%s", script_name(f->signal),
		       f->signal == SCRIPT_TIBETAN ? " (syllable dots)" :
		       " (sentence punctuation stands in for the dots)");
	const char *verdict = rel_out ? "noise (relativity)" :
		f->ver[i] < lo ? "noise (veracity below the band)" :
		f->ver[i] > hi ? "noise (veracity above the band)" : "content";
	explain_printf(x, r->dc.content[i] ? EXPLAIN_CONTENT : EXPLAIN_NOISE, "%s %s",
		       x->to, verdict);
}

/* Stages: relativity alone, then the veracity band. */
static void
tib_rel_only(struct params *p, int k)
{
	(void)k;
	p->tib_ver_min = 0;
	p->tib_ver_max = 1e9;
}

static void
tib_all(struct params *p, int k)
{
	(void)p, (void)k;
}

static const struct method_step tib_steps[] = {
	{ "relativity (link text share)", tib_rel_only },
	{ "veracity band", tib_all },
};

static const char *const tib_scripts[] = { "auto", "tibetan", "cjk", "latin", "arabic", NULL };
static const struct param_desc tib_params[] = {
	{ "tib.rel", "tib", PARAM_DOUBLE, false, PARAM_OFF(tib_rel), 0.8, 0, 1, 0.01,
	  "relativity (link text share) below which a node is kept", NULL, NULL },
	{ "tib.ver_min", "tib", PARAM_DOUBLE, false, PARAM_OFF(tib_ver_min), 0.125, 0, 1, 0.01,
	  "lowest veracity of a content node", NULL, NULL },
	{ "tib.ver_max", "tib", PARAM_DOUBLE, false, PARAM_OFF(tib_ver_max), 0.6, 0, 1, 0.01,
	  "highest veracity of a content node", NULL, NULL },
	{ "tib.script", "tib", PARAM_ENUM, false, PARAM_OFF(tib_script), TIB_SCRIPT_AUTO, 0, 4, 1,
	  "veracity signal: auto, tibetan, cjk, latin or arabic", tib_scripts, NULL },
};

static const enum reason tib_reasons[] = {
	REASON_RELATIVITY, REASON_VER_LOW, REASON_VER_HIGH, REASON_TIB,
};

const struct method method_tib = {
	.name = "tib",
	.summary = "relativity and veracity: link share and syllable dots or punctuation",
	.params = tib_params,
	.nparams = sizeof tib_params / sizeof tib_params[0],
	.reasons = tib_reasons,
	.nreasons = sizeof tib_reasons / sizeof tib_reasons[0],
	.needs_dom = true,
	.decide = tib_decide,
	.state_free = tib_state_free,
	.columns = tib_columns,
	.ncolumns = 2,
	.explain = tib_explain,
	.steps = tib_steps,
	.nsteps = 2,
};
