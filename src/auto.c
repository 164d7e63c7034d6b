/* auto.c - the combined method. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "auto.h"
#include "auto-model.h"

static double
logistic(const float *x)
{
	double z = 0;
	for (int k = 0; k < F_COUNT; k++)
		z += (double)auto_weights[k] * x[k];
	return 1.0 / (1.0 + exp(-z));
}

/* The features are computed once per page and kept with it: a threshold
 * change only compares probabilities again. */
static struct features *
page_features(struct page *pg)
{
	if (!pg->sig) {
		pg->sig = xcalloc(1, sizeof *pg->sig);
		features_compute(pg, pg->sig);
		pg->score = xmalloc(((size_t)pg->dom->n + 1) * sizeof *pg->score);
		for (int i = 0; i < pg->dom->n; i++)
			pg->score[i] = -1;
		for (int j = 0; j < pg->sig->nblocks; j++)
			pg->score[pg->sig->block[j]] = logistic(pg->sig->x[j]);
	}
	return pg->sig;
}

void
decide_auto(struct page *pg, const struct params *p, const uint8_t *pins)
{
	page_features(pg);
	struct decision *dc = &pg->dc;
	for (int i = 0; i < pg->dom->n; i++) {
		bool yes = pg->score[i] >= p->auto_T;
		dc->content[i] = yes;
		dc->reason[i] = yes ? REASON_AUTO : REASON_NOISE;
	}
	decide_apply_pins(pg->dom, pins, dc);
}

double
auto_contributions(struct page *pg, int e, double *contrib)
{
	struct features *f = page_features(pg);
	for (int j = 0; j < f->nblocks; j++) {
		if (f->block[j] != e)
			continue;
		for (int k = 0; k < F_COUNT; k++)
			contrib[k] = (double)auto_weights[k] * f->x[j][k];
		return pg->score[e];
	}
	return -1;
}
