/* metrics.h - per-element figures of the content-correlativity method
 * (doc/algorithms.md#cc): TA, LA, CC, TD, plus the text counts the other methods
 * share (link text, all text, text whose block is the element) and the
 * same-tag sibling groups CS is computed over.
 *
 * One reverse pass over the dom's pre-order ids (children before parents),
 * O(n).  Nothing here depends on a threshold, so the figures are computed
 * once per page; struct metrics owns its arrays (metrics_free). */
#ifndef PITH_METRICS_H
#define PITH_METRICS_H

#include "dom.h"

struct metrics {
	int n;
	int *TA;        /* non-link text characters in the subtree */
	int *LA;        /* links (a[href]) in the subtree, itself included */
	int *LT;        /* link text characters in the subtree */
	int *own;       /* non-link characters of text whose block is this element */
	double *CC;     /* TA / max(LA,1) */
	double *TD;     /* max(TA(parent),1) / max(LA,1); the root uses its own TA */
	int *group;     /* same parent and same tag = same group */
	int *group_size;
	int ngroups;
	int *tchars;    /* per text node: non-whitespace code points */
};

struct metrics *metrics_compute(const struct dom *d);
void metrics_free(struct metrics *m);

#endif
