/* auto.c - the combined method. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "auto.h"
#include "auto-model.h"

/* Probability at which a block outside the best run is kept anyway. */
#define SURE 0.9

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
	struct features *f = page_features(pg);
	struct decision *dc = &pg->dc;
	for (int i = 0; i < pg->dom->n; i++) {
		bool yes = pg->score[i] >= p->auto_T;
		dc->content[i] = yes;
		dc->reason[i] = yes ? REASON_AUTO : REASON_NOISE;
	}
	if (p->auto_grow && f->nblocks > 0) {
		/* The article is one run of blocks in reading order: the run
		 * with the largest sum of (probability - T) x characters
		 * (Kadane).  Content blocks outside it are dropped unless
		 * the model is very sure of them (a headline or lead set
		 * apart by a photo or a share bar). */
		double *v = f->scratch;
		for (int j = 0; j < f->nblocks; j++)
			v[j] = (pg->score[f->block[j]] - p->auto_T) * f->chars[j];
		int bs, be;
		auto_best_run(v, f->nblocks, &bs, &be);
		for (int j = 0; j < f->nblocks; j++) {
			int b = f->block[j];
			if ((j < bs || j > be) && dc->content[b] && pg->score[b] < SURE) {
				dc->content[b] = 0;
				dc->reason[b] = REASON_OUTLIER;
			}
		}
	}
	decide_apply_pins(pg->dom, pins, dc);
}

void
auto_best_run(const double *v, int n, int *start, int *end)
{
	/* Kadane: the best run ending at j either extends the one ending at
	 * j-1 or starts afresh at j. */
	double best = 0, cur = 0;
	int cs = 0;
	*start = 0;
	*end = -1;
	for (int j = 0; j < n; j++) {
		if (cur <= 0) {
			cur = 0;
			cs = j;
		}
		cur += v[j];
		if (cur > best) {
			best = cur;
			*start = cs;
			*end = j;
		}
	}
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
