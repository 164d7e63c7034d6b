/* auto.h - the auto method: every signal of signals.h combined per block
 * by a fixed logistic model (auto-model.h, learned offline by
 * tools/train-auto.py), a block being content when its probability
 * reaches auto.T.
 *
 * decide_auto() fills the caller's struct decision like decide_cc(), plus
 * the probability of every block element in dc->score (-1 elsewhere);
 * auto_contributions() gives each signal's share of a block's score for
 * the inspector.  No I/O; linear in the page. */
#ifndef PITH_AUTO_H
#define PITH_AUTO_H

#include "signals.h"

void decide_auto(struct page *pg, const struct params *p, const uint8_t *pins);

/* The first stage's probability for a vector of base features. */
double auto_stage1(const float *x);

/* The run [*start, *end] of v[0..n) with the largest positive sum;
 * *end < *start when no element is positive. */
void auto_best_run(const double *v, int n, int *start, int *end);

/* The weight times value of every feature of element e (F_COUNT entries),
 * and the probability; -1 if e is not a text block. */
double auto_contributions(struct page *pg, int e, double *contrib);

#endif
