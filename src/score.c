/* score.c - character multisets and their overlap. */
#include "config.h"

#include <stdbool.h>
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

/* The suffix automaton of a text: every substring of it, and only
 * those, is a path from state 0, so a passage is looked up in steps as
 * many as its bytes, whatever the text's length (a strstr per passage
 * made score_missing quadratic).  Built in linear time (Blumer et al.);
 * at most 2n states and 3n edges, each state's edges a list (few but at
 * the first states, and those only 256).  steps counts the edges looked
 * at, for test_count. */
struct sam {
	int *len, *link, *head;         /* per state */
	int *to, *next;                 /* per edge */
	unsigned char *byte;
	int n, ne;
	long steps;
};

static int
sam_edge(struct sam *a, int s, unsigned char c)
{
	for (int e = a->head[s]; e >= 0; e = a->next[e]) {
		a->steps++;
		if (a->byte[e] == c)
			return e;
	}
	return -1;
}

static void
sam_add_edge(struct sam *a, int s, unsigned char c, int to)
{
	int e = a->ne++;
	a->byte[e] = c;
	a->to[e] = to;
	a->next[e] = a->head[s];
	a->head[s] = e;
}

static int
sam_state(struct sam *a, int len)
{
	int s = a->n++;
	a->len[s] = len;
	a->link[s] = -1;
	a->head[s] = -1;
	return s;
}

static void
sam_build(struct sam *a, const char *t, size_t n)
{
	size_t ns = 2 * n + 2, nedge = 3 * n + 3;
	a->len = xcalloc(ns, sizeof *a->len);
	a->link = xcalloc(ns, sizeof *a->link);
	a->head = xcalloc(ns, sizeof *a->head);
	a->to = xcalloc(nedge, sizeof *a->to);
	a->next = xcalloc(nedge, sizeof *a->next);
	a->byte = xcalloc(nedge, 1);
	a->n = a->ne = 0;
	a->steps = 0;
	int last = sam_state(a, 0);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)t[i];
		int cur = sam_state(a, a->len[last] + 1);
		int p = last;
		while (p >= 0 && sam_edge(a, p, c) < 0) {
			sam_add_edge(a, p, c, cur);
			p = a->link[p];
		}
		if (p < 0) {
			a->link[cur] = 0;
		} else {
			int q = a->to[sam_edge(a, p, c)];
			if (a->len[p] + 1 == a->len[q]) {
				a->link[cur] = q;
			} else {
				int clone = sam_state(a, a->len[p] + 1);
				for (int e = a->head[q]; e >= 0; e = a->next[e])
					sam_add_edge(a, clone, a->byte[e], a->to[e]);
				a->link[clone] = a->link[q];
				int e;
				while (p >= 0 && (e = sam_edge(a, p, c)) >= 0 && a->to[e] == q) {
					a->to[e] = clone;
					p = a->link[p];
				}
				a->link[q] = a->link[cur] = clone;
			}
		}
		last = cur;
	}
}

/* Whether s (n bytes) is a substring of the automaton's text. */
static bool
sam_has(struct sam *a, const char *s, size_t n)
{
	int st = 0;
	for (size_t i = 0; i < n; i++) {
		int e = sam_edge(a, st, (unsigned char)s[i]);
		if (e < 0)
			return false;
		st = a->to[e];
	}
	return true;
}

static void
sam_free(struct sam *a)
{
	free(a->len);
	free(a->link);
	free(a->head);
	free(a->to);
	free(a->next);
	free(a->byte);
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
	struct sam sa = { 0 };
	sam_build(&sa, all.data ? all.data : "", all.len);
	for (size_t i = 0; i < an;) {
		const char *nl = memchr(a + i, '\n', an - i);
		size_t e = nl ? (size_t)(nl - a) : an;
		blind.len = 0;
		text_blind(a + i, e - i, &blind);
		if (blind.len) {
			if (!sam_has(&sa, blind.data, blind.len)) {
				line.len = 0;
				text_collapse(a + i, e - i, &line);
				buf_adds(&line, "");
				fn(ctx, line.data, line.len, i);
			}
		}
		i = e + 1;
	}
	test_count("passage bytes compared", sa.steps);
	sam_free(&sa);
	buf_free(&all);
	buf_free(&line);
	buf_free(&blind);
}
