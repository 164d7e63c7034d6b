/* score.c - character multisets and word 4-gram ("shingle") multisets,
 * and their overlap. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unictype.h>

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

/* ---- word 4-grams ---- */

enum { SHINGLE_N = 4 };

/* A Han ideograph or kana: a token alone (score.py's cjk tokenizer). */
static bool
cjk_token(uint32_t c)
{
	return (c >= 0x3005 && c <= 0x3007) || (c >= 0x3021 && c <= 0x3029) ||
	       (c >= 0x3038 && c <= 0x303C) || (c >= 0x3041 && c <= 0x3096) ||
	       (c >= 0x309D && c <= 0x309F) || (c >= 0x30A1 && c <= 0x30FA) ||
	       (c >= 0x30FC && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF) ||
	       (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
	       (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF66 && c <= 0xFF9F) ||
	       (c >= 0x20000 && c <= 0x3134F);
}

/* Python's \w: a letter, a number or the underscore. */
static bool
word_char(uint32_t c)
{
	return c == '_' || uc_is_general_category(c, UC_CATEGORY_L) ||
	       uc_is_general_category(c, UC_CATEGORY_N);
}

static bool
mark_char(uint32_t c)
{
	return uc_is_general_category(c, UC_CATEGORY_M);
}

/* The tokens of text as score.py's default (cjk) tokenizer makes them:
 * an ideograph or kana alone, else a run of word characters, combining
 * marks kept inside; each hashed. */
static uint64_t *
tokens(const char *text, size_t n, size_t *count)
{
	size_t cap = 64, k = 0;
	uint64_t *v = xmalloc(cap * sizeof *v);
	const unsigned char *u = (const unsigned char *)text;
	size_t i = 0;
	while (i < n) {
		uint32_t c;
		size_t start = i, len = utf8_decode(u + i, n - i, &c);
		if (!word_char(c)) {
			i += len;
			continue;
		}
		bool alone = cjk_token(c);
		i += len;
		while (i < n) {
			uint32_t d;
			size_t l = utf8_decode(u + i, n - i, &d);
			if (!(mark_char(d) || (!alone && word_char(d) && !cjk_token(d))))
				break;
			i += l;
		}
		if (k == cap) {
			cap *= 2;
			v = xreallocarray(v, cap, sizeof *v);
		}
		v[k++] = hash_bytes(text + start, i - start);
	}
	*count = k;
	return v;
}

static int
cmp_hash(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

struct shingles {
	uint64_t *h;     /* sorted, repeats kept: a multiset */
	size_t n;
};

/* The text's 4-grams, hashed and sorted; a text of fewer tokens has one
 * shorter shingle, none without tokens. */
static struct shingles
shingle_set(const char *text, size_t len)
{
	size_t nt;
	uint64_t *t = tokens(text, len, &nt);
	struct shingles s = { NULL, 0 };
	size_t ns = nt == 0 ? 0 : nt < SHINGLE_N ? 1 : nt - SHINGLE_N + 1;
	s.h = xmalloc((ns + 1) * sizeof *s.h);
	for (size_t i = 0; i < ns; i++) {
		uint64_t h = 1469598103934665603ULL;
		for (size_t j = i; j < i + SHINGLE_N && j < nt; j++)
			h = (h ^ t[j]) * 1099511628211ULL + j - i;
		s.h[i] = h;
	}
	s.n = ns;
	qsort(s.h, s.n, sizeof *s.h, cmp_hash);
	free(t);
	return s;
}

struct shingles *
shingles_new(const char *gold, size_t n)
{
	struct shingles *s = xmalloc(sizeof *s);
	*s = shingle_set(gold, n);
	return s;
}

void
shingles_free(struct shingles *s)
{
	if (!s)
		return;
	free(s->h);
	free(s);
}

struct prf
shingles_score(const struct shingles *gold, const char *pred, size_t n)
{
	struct shingles p = shingle_set(pred, n);
	size_t tp = 0;
	for (size_t i = 0, j = 0; i < gold->n && j < p.n;) {
		if (gold->h[i] == p.h[j])
			tp++, i++, j++;
		else if (gold->h[i] < p.h[j])
			i++;
		else
			j++;
	}
	struct prf r = { tp, p.n, gold->n, 0, 0, 0 };
	if (tp == p.n && tp == gold->n) {
		r.P = r.R = 1;      /* nothing extra, nothing missing */
	} else {
		r.P = p.n ? (double)tp / (double)p.n : 0;
		r.R = gold->n ? (double)tp / (double)gold->n : 0;
	}
	r.F = r.P + r.R > 0 ? 2 * r.P * r.R / (r.P + r.R) : 0;
	free(p.h);
	return r;
}

struct prf
prf_shingles(const char *gold, size_t gn, const char *pred, size_t pn)
{
	struct shingles *g = shingles_new(gold, gn);
	struct prf r = shingles_score(g, pred, pn);
	shingles_free(g);
	return r;
}
