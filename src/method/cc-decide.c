/* cc-decide.c - the content-correlativity decision (doc/algorithms.md#cc). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "method/cc-decide.h"
#include "method/method.h"

#define REASON_NAME(id, name, legend) name,
static const char *const reason_names[REASON_COUNT] = { REASONS(REASON_NAME) };
#undef REASON_NAME
#define REASON_LEGEND(id, name, legend) legend,
static const char *const reason_legends[REASON_COUNT] = { REASONS(REASON_LEGEND) };
#undef REASON_LEGEND

/* A method's own reason r (r >= REASON_COUNT): the methods' own reasons
 * are numbered on from REASON_COUNT in the method table's order. */
static const struct reason_desc *
own_reason(int r)
{
	int base = REASON_COUNT;
	for (int k = 0; k < nmethods; k++) {
		if (r < base + methods[k]->nown_reasons)
			return &methods[k]->own_reasons[r - base];
		base += methods[k]->nown_reasons;
	}
	return NULL;
}

const char *
reason_name(enum reason r)
{
	if ((int)r < REASON_COUNT)
		return reason_names[r];
	const struct reason_desc *o = own_reason((int)r);
	return o ? o->word : "?";
}

const char *
reason_legend(enum reason r)
{
	if ((int)r < REASON_COUNT)
		return reason_legends[r];
	const struct reason_desc *o = own_reason((int)r);
	return o ? o->legend : "?";
}

void
decision_init(struct decision *dc, int n)
{
	dc->n = n;
	dc->content = xcalloc((size_t)n + 1, 1);
	dc->reason = xcalloc((size_t)n + 1, 1);
	dc->CS = xcalloc((size_t)n + 1, sizeof(double));
	dc->scratch = xcalloc((size_t)n + 1, sizeof(int));
	dc->text_drop = NULL;
	dc->region = -1;
}

void
decision_free(struct decision *dc)
{
	free(dc->content);
	free(dc->reason);
	free(dc->CS);
	free(dc->scratch);
	free(dc->text_drop);
	memset(dc, 0, sizeof *dc);
}

/* The content region: the lowest element whose subtree holds at least
 * 80 % of the text of the content blocks (doc/algorithms.md's "lowest common
 * ancestor of the content blocks that together hold most of the content").
 * Taking the largest blocks first instead would let one long copyright
 * block drag the region up to body, the very case the reset is for.
 * One post-order pass for the sums, one descent from the root. */
static int
content_region(const struct dom *d, const struct metrics *m,
	       struct decision *dc)
{
	int *sum = dc->scratch;   /* characters <= 64 MiB: an int holds them */
	long total = 0;
	memset(sum, 0, (size_t)d->n * sizeof *sum);
	for (int i = d->n - 1; i >= 0; i--) {
		if (dc->content[i])
			sum[i] += m->own[i];
		if (d->parent[i] >= 0)
			sum[d->parent[i]] += sum[i];
		else
			total += sum[i];
	}
	if (total == 0 || d->n == 0 || (long)sum[0] * 10 < total * 8)
		return -1;
	int r = 0;
	for (int moved = 1; moved;) {
		moved = 0;
		for (int c = d->first_child[r]; c >= 0; c = d->next_sibling[c])
			if ((long)sum[c] * 10 >= total * 8) {
				r = c;
				moved = 1;
				break;
			}
	}
	return r;
}

void
decide_apply_pins(const struct dom *d, const uint8_t *pins,
		  struct decision *dc, uint8_t *mask)
{
	if (!pins)
		return;
	/* Pre-order: a node's nearest pin is its own or its parent's. */
	int *near = dc->scratch;
	for (int i = 0; i < d->n; i++) {
		int p = d->parent[i];
		near[i] = pins[i] ? pins[i] : (p >= 0 ? near[p] : PIN_NONE);
		if (near[i] != PIN_NONE) {
			dc->content[i] = near[i] == PIN_IN;
			dc->reason[i] = REASON_PINNED;
		}
		if (mask)
			mask[i] = (uint8_t)near[i];
	}
}

void
decide_cc(const struct dom *d, const struct metrics *m,
	  const struct params *p, const uint8_t *pins, struct decision *dc)
{
	int n = d->n;
	/* CS: per same-tag sibling group, the count with CC >= C. */
	int *hits = dc->scratch;
	/* ngroups <= n: every element is in exactly one group. */
	memset(hits, 0, (size_t)m->ngroups * sizeof(int));
	for (int i = 0; i < n; i++)
		if (m->CC[i] >= p->cc_C)
			hits[m->group[i]]++;
	for (int i = 0; i < n; i++)
		dc->CS[i] = (double)hits[m->group[i]] / m->group_size[m->group[i]];

	for (int i = 0; i < n; i++) {
		if (m->CC[i] > p->cc_C) {
			dc->content[i] = 1;
			dc->reason[i] = REASON_CC;
		} else if (dc->CS[i] > p->cc_S && m->TD[i] > p->cc_D) {
			dc->content[i] = 1;
			dc->reason[i] = REASON_SMOOTH;
		} else {
			dc->content[i] = 0;
			dc->reason[i] = REASON_NOISE;
		}
	}

	dc->region = content_region(d, m, dc);
	if (p->cc_outliers && dc->region >= 0) {
		int r = dc->region;
		for (int i = 0; i < n; i++) {
			if (!dc->content[i] || dom_contains(d, r, i) || dom_contains(d, i, r))
				continue;
			if (dc->CS[i] <= p->cc_S) {
				dc->content[i] = 0;
				dc->reason[i] = REASON_OUTLIER;
			}
		}
	}
	decide_apply_pins(d, pins, dc, NULL);
}
