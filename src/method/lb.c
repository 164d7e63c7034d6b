/* lb.c - the line-block distribution (doc/algorithms.md#lb) in the
 * table: lb decides source lines; an element is content when at least
 * half the lines it spans are kept, and pins keep or drop the lines of
 * the pinned elements. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "method/method.h"
#include "run.h"

struct lb_state {
	int *last_line;     /* per element, the last source line it covers */
	int nsrc;           /* the highest source line of elements and lines */
};

static void
lb_state_free(void *state)
{
	struct lb_state *s = state;
	if (!s)
		return;
	free(s->last_line);
	free(s);
}

static void
lb_decide(struct page *pg, const void *site, int index, const char *name,
	  const struct params *p, void **state, struct decision *dc)
{
	(void)site, (void)index, (void)name;
	page_lineblock(pg, p);
	if (!pg->dom)
		return;         /* lines only: no element to decide */
	if (!*state) {
		struct lb_state *s = xcalloc(1, sizeof *s);
		s->last_line = run_last_lines(pg->dom);
		for (int i = 0; i < pg->dom->n; i++)
			if (s->last_line[i] > s->nsrc)
				s->nsrc = s->last_line[i];
		*state = s;
	}
	struct lb_state *s = *state;
	for (int j = 0; j < pg->lb->nlines; j++)
		if (pg->lb->src_line[j] > s->nsrc)
			s->nsrc = pg->lb->src_line[j];
	lineblock_decide_elements(pg->lb, p, pg->dom, s->last_line, dc);
}

static void
lb_text(struct run *r, struct page *pg, const struct params *p, const uint8_t *mask)
{
	const struct lineblock *lb = pg->lb;
	/* (a page with no Ctext line still gets its one-entry arrays) */
	if (r->nlines != lb->nlines || !r->line_keep) {
		free(r->line_keep);
		free(r->line_group);
		r->nlines = lb->nlines;
		r->line_keep = xcalloc((size_t)r->nlines + 1, 1);
		r->line_group = xcalloc((size_t)r->nlines + 1, sizeof *r->line_group);
	}
	const struct lb_state *s = r->state;
	uint8_t *lp = NULL;
	if (mask && s) {
		/* the innermost marked element whose lines hold a line decides */
		lp = xcalloc((size_t)s->nsrc + 2, 1);
		for (int i = 0; i < pg->dom->n; i++) {
			if (!mask[i])
				continue;
			for (int l = pg->dom->line[i]; l <= s->last_line[i] && l <= s->nsrc; l++)
				if (l >= 1)
					lp[l] = mask[i];
		}
	}
	lineblock_text(lb, p, lp, s ? s->nsrc : 0, r->line_keep, r->line_group, &r->text);
	free(lp);
}

static void
lb_explain(const struct run *r, const struct page *pg, const struct params *p,
	   int i, const struct explain *x)
{
	const struct lineblock *lb = pg->lb;
	const struct lb_state *s = r->state;
	int a, b;
	if (!s || !lineblock_ctext_lines(lb, pg->dom->line[i], s->last_line[i], &a, &b)) {
		explain_printf(x, EXPLAIN_NOISE, "lb: no Ctext line holds this element %s noise", x->to);
		return;
	}
	int b1 = b < lb->nblocks ? b : lb->nblocks, b0 = a < b1 ? a : b1;
	int best = b0;
	for (int k = b0; k <= b1; k++)
		if (lb->Y[k - 1] > lb->Y[best - 1])
			best = k;
	explain_printf(x, EXPLAIN_NORMAL, "lb: Ctext lines %d-%d %s blocks %d-%d (K=%d)",
		       a, b, x->to, b0, b1, lb->K);
	explain_printf(x, EXPLAIN_NORMAL, "Y there: max %d at block %d; T=%g",
		       lb->Y[best - 1], best, p->lb_T);
	/* the source lines it spans, and those the selected regions hold
	 * (by lines, not blocks: a region's last block may reach K-1 lines
	 * further), as lineblock_decide_elements() counts them; the region
	 * it meets, a selected one first, for why */
	int s0 = pg->dom->line[i], s1 = s->last_line[i] > s0 ? s->last_line[i] : s0;
	bool in = r->dc.content[i];
	if (p->lb_stage <= 1) {
		explain_printf(x, in ? EXPLAIN_CONTENT : EXPLAIN_NOISE,
			       "Ctext: every line with text kept %s %s", x->to,
			       in ? "content" : "noise");
		return;
	}
	if (pg->dom->flags[i] & DOM_SKIP || s0 < 1) {
		explain_printf(x, EXPLAIN_NOISE, "%s %s noise", s0 < 1 ?
			       "no source line of its own (an element tidy added)" :
			       "not text a reader sees (script, style, hidden)", x->to);
		return;
	}
	uint8_t *sel = xcalloc((size_t)(s1 - s0) + 1, 1);
	int at = -1, at_sel = -1;
	for (int g = 0; g < lb->nregions; g++) {
		int f, e;
		lineblock_region_lines(lb, &lb->regions[g], &f, &e);
		int r0 = lb->src_line[f - 1] > s0 ? lb->src_line[f - 1] : s0;
		int r1 = lb->src_line[e - 1] < s1 ? lb->src_line[e - 1] : s1;
		if (r0 > r1)
			continue;
		if (at < 0)
			at = g;
		if (!lb->regions[g].selected)
			continue;
		if (at_sel < 0)
			at_sel = g;
		for (int l = r0; l <= r1; l++)
			sel[l - s0] = 1;
	}
	/* the lines the text keeps, as lineblock_decide_elements counts
	 * them: in mode all, a line of text under 5 characters is not */
	uint8_t *kept = lineblock_kept_src(lb, p, s->nsrc > s1 ? s->nsrc : s1);
	int held = 0, skipped = 0;
	for (int l = s0; l <= s1; l++) {
		held += kept[l];
		/* in a selected region, yet not kept: its text is skipped */
		skipped += sel[l - s0] && !kept[l];
	}
	free(kept);
	free(sel);
	if (at_sel >= 0)
		at = at_sel;
	if (at >= 0 && p->lb_stage == 2)
		explain_printf(x, EXPLAIN_NORMAL, "stage blocks: blocks %d-%d over T",
			       lb->regions[at].start, lb->regions[at].end);
	else if (at >= 0 && lb->regions[at].selected)
		explain_printf(x, EXPLAIN_NORMAL, "region: blocks %d-%d, selected",
			       lb->regions[at].start, lb->regions[at].end);
	else if (at >= 0)
		explain_printf(x, EXPLAIN_NORMAL, "region: blocks %d-%d, not selected (lb.mode=%s)",
			       lb->regions[at].start, lb->regions[at].end,
			       p->lb_mode == LB_MODE_ALL ? "all: it holds a copyright line" :
			       "max: another holds the largest Y");
	else
		explain_printf(x, EXPLAIN_NORMAL, "%s: none holds lines %d-%d",
			       p->lb_stage == 2 ? "stage blocks" : "region", s0, s1);
	if (skipped > 0 && p->lb_mode == LB_MODE_ALL)
		explain_printf(x, EXPLAIN_NOISE, "%d of its lines with text %s under 5 characters: "
			       "lb.mode=all leaves %s out of the text", skipped,
			       skipped == 1 ? "is" : "are", skipped == 1 ? "it" : "them");
	explain_printf(x, in ? EXPLAIN_CONTENT : EXPLAIN_NOISE,
		       "lines %d-%d: %d of %d kept (%s) %s %s", s0, s1, held, s1 - s0 + 1,
		       2 * held >= s1 - s0 + 1 ? "half or more" : "under half", x->to,
		       in ? "content" : "noise");
}

/* Stages (lb.stage): the Ctext the method starts from, the blocks over T,
 * then the regions and the one lb.mode selects. */
static void
lb_stage(struct params *p, int k)
{
	p->lb_stage = k;
}

static const struct method_step lb_steps[] = {
	{ "Ctext (every line with text)", lb_stage },
	{ "blocks over T", lb_stage },
	{ "regions, selected by lb.mode", lb_stage },
};

static const char *const lb_modes[] = { "max", "all", NULL };
static const struct param_desc lb_params[] = {
	{ "lb.K", "lb", PARAM_INT, false, PARAM_OFF(lb_K), 3, 1, 100, 1,
	  "block thickness in lines", NULL, NULL },
	{ "lb.T", "lb", PARAM_DOUBLE, false, PARAM_OFF(lb_T), 86, 0, 1e9, 1,
	  "block length that starts a region (a sharp rise)", NULL, NULL },
	{ "lb.mode", "lb", PARAM_ENUM, false, PARAM_OFF(lb_mode), LB_MODE_MAX, 0, 1, 1,
	  "max: the region holding the maximum; all: every region", lb_modes, NULL },
	{ "lb.reflow", "lb", PARAM_BOOL, false, PARAM_OFF(lb_reflow), 0, 0, 1, 1,
	  "break lines after block-level end tags first (on/off)", NULL, NULL },
	{ "lb.stage", "lb", PARAM_INT, true, PARAM_OFF(lb_stage), 3, 1, 3, 1,
	  "stop after stage 1 (every Ctext line), 2 (blocks over T) or 3 (regions)", NULL, NULL },
};

static const enum reason lb_reasons[] = {
	REASON_CC, REASON_NOISE,
};

const struct method method_lb = {
	.name = "lb",
	.summary = "line-block distribution: regions of long text lines, no DOM",
	.params = lb_params,
	.nparams = sizeof lb_params / sizeof lb_params[0],
	.reasons = lb_reasons,
	.nreasons = sizeof lb_reasons / sizeof lb_reasons[0],
	.needs_dom = false,
	.decide = lb_decide,
	.state_free = lb_state_free,
	.text = lb_text,
	.explain = lb_explain,
	.steps = lb_steps,
	.nsteps = 3,
};
