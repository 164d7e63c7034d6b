/* auto.h - the auto method: every signal of signals.h combined per block
 * by a fixed model (auto-model.h, learned offline by tools/train-auto.py):
 * a logistic first stage over the base signals, which places the core,
 * and a second stage of boosted regression trees over every signal; a
 * block is content when its probability reaches auto.T.
 *
 * decide_auto() fills the caller's struct decision like decide_cc(), plus
 * the probability of every block element in dc->score (-1 elsewhere);
 * auto_contributions() gives each signal's share of a block's score for
 * the inspector.  No I/O; linear in the page. */
#ifndef PITH_AUTO_H
#define PITH_AUTO_H

#include "signals.h"

/* One node of the second stage's trees: a sample goes to left when
 * x[feature] <= threshold, else to right; a leaf has feature -1.  value is
 * the node's output as if it were a leaf, so along a path each split's
 * step (child's value minus parent's) is the share of its feature. */
struct auto_node {
	int feature;
	float threshold;
	int left, right;
	float value;
};

void decide_auto(struct page *pg, const struct params *p, const uint8_t *pins);

/* The first stage's probability for a vector of base features. */
double auto_stage1(const float *x);

/* The run [*start, *end] of v[0..n) with the largest positive sum;
 * *end < *start when no element is positive. */
void auto_best_run(const double *v, int n, int *start, int *end);

/* Each feature's share of the logit of element e (F_COUNT entries, their
 * sum the logit; F_BIAS holds the model's base and the trees' root
 * values), and the probability; -1 if e is not a text block.  When no
 * block reaches 1/2 in the second stage, the first stage's probabilities
 * stand (pg->auto_stage 1) and the shares are its weight x value. */
double auto_contributions(struct page *pg, int e, double *contrib);

#endif
