/* score.c - character multisets and their overlap. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "score.h"
#include "util.h"

/* Open addressing over code points; key 0 marks an empty slot, so keys are
 * stored as cp + 1. */
struct charbag {
	uint32_t *key, *gold, *pred;
	size_t cap, used, total;
};

static size_t
bag_slot(const struct charbag *b, uint32_t cp)
{
	size_t h = ((size_t)cp * 2654435761u) & (b->cap - 1);
	while (b->key[h] && b->key[h] != cp + 1)
		h = (h + 1) & (b->cap - 1);
	return h;
}

static void
bag_grow(struct charbag *b)
{
	struct charbag old = *b;
	b->cap = old.cap ? old.cap * 2 : 256;
	b->key = xcalloc(b->cap, sizeof *b->key);
	b->gold = xcalloc(b->cap, sizeof *b->gold);
	b->pred = xcalloc(b->cap, sizeof *b->pred);
	for (size_t i = 0; i < old.cap; i++) {
		if (!old.key[i])
			continue;
		size_t h = bag_slot(b, old.key[i] - 1);
		b->key[h] = old.key[i];
		b->gold[h] = old.gold[i];
	}
	free(old.key);
	free(old.gold);
	free(old.pred);
}


struct charbag *
charbag_new(const char *gold, size_t n)
{
	struct charbag *b = xcalloc(1, sizeof *b);
	bag_grow(b);
	FOR_EACH_CHAR(gold, n, cp, {
		if ((b->used + 1) * 2 > b->cap)
			bag_grow(b);
		size_t h = bag_slot(b, cp);
		if (!b->key[h]) {
			b->key[h] = cp + 1;
			b->used++;
		}
		b->gold[h]++;
		b->total++;
	});
	return b;
}

void
charbag_free(struct charbag *b)
{
	if (!b)
		return;
	free(b->key);
	free(b->gold);
	free(b->pred);
	free(b);
}

struct prf
charbag_score(struct charbag *b, const char *pred, size_t n)
{
	struct prf r = { 0, 0, b->total, 0, 0, 0 };
	memset(b->pred, 0, b->cap * sizeof *b->pred);
	FOR_EACH_CHAR(pred, n, cp, {
		r.predicted++;
		size_t h = bag_slot(b, cp);
		if (b->key[h] && b->pred[h] < b->gold[h]) {
			b->pred[h]++;
			r.matched++;
		}
	});
	/* score.py: two empty texts agree perfectly; an empty gold has
	 * nothing left to recall. */
	if (r.predicted == 0 && r.gold == 0) {
		r.P = r.R = 1;
	} else {
		r.P = r.predicted ? (double)r.matched / r.predicted : 0;
		r.R = r.gold ? (double)r.matched / r.gold : 1;
	}
	r.F = r.P + r.R > 0 ? 2 * r.P * r.R / (r.P + r.R) : 0;
	return r;
}

struct prf
prf_chars(const char *gold, size_t gn, const char *pred, size_t pn)
{
	struct charbag *b = charbag_new(gold, gn);
	struct prf r = charbag_score(b, pred, pn);
	charbag_free(b);
	return r;
}

void
score_missing(const char *a, size_t an, const char *b, size_t bn,
	      score_passage_fn fn, void *ctx)
{
	struct buf all, line, blind;
	buf_init(&all);
	buf_init(&line);
	buf_init(&blind);
	text_blind(b, bn, &all);
	buf_adds(&all, "");
	long scanned = 0;
	for (size_t i = 0; i < an;) {
		const char *nl = memchr(a + i, '\n', an - i);
		size_t e = nl ? (size_t)(nl - a) : an;
		blind.len = 0;
		text_blind(a + i, e - i, &blind);
		if (blind.len) {
			buf_adds(&blind, "");
			const char *at = strstr(all.data, blind.data);
			scanned += at ? (long)(at - all.data) + (long)blind.len : (long)all.len;
			if (!at) {
				line.len = 0;
				text_collapse(a + i, e - i, &line);
				buf_adds(&line, "");
				fn(ctx, line.data, line.len, i);
			}
		}
		i = e + 1;
	}
	test_count("passage bytes compared", scanned);
	buf_free(&all);
	buf_free(&line);
	buf_free(&blind);
}
