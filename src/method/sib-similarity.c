/* sib-similarity.c - simple tree matching, clustering, and the sibling-page
 * block matcher. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "method/sib-similarity.h"

static uint32_t
fnv(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* ---- simple tree matching ---- */

static struct stm_tree *
tree_alloc(int cap)
{
	struct stm_tree *t = xcalloc(1, sizeof *t);
	t->label = xcalloc((size_t)cap + 1, sizeof *t->label);
	t->first_child = xcalloc((size_t)cap + 1, sizeof(int));
	t->next_sibling = xcalloc((size_t)cap + 1, sizeof(int));
	return t;
}

/* Append node with parent par (-1 for the root); last[] tracks the last
 * child of each node. */
static int
tree_add(struct stm_tree *t, int *last, int par, uint32_t label)
{
	int k = t->n++;
	t->label[k] = label;
	t->first_child[k] = t->next_sibling[k] = -1;
	last[k] = -1;
	if (par >= 0) {
		if (last[par] < 0)
			t->first_child[par] = k;
		else
			t->next_sibling[last[par]] = k;
		last[par] = k;
	}
	return k;
}

struct stm_tree *
stm_tree_new(const struct dom *d)
{
	int cap = d->n < STM_MAX_NODES ? d->n : STM_MAX_NODES;
	struct stm_tree *t = tree_alloc(cap);
	int *map = xmalloc(((size_t)d->n + 1) * sizeof *map);
	int *last = xmalloc(((size_t)cap + 1) * sizeof *last);
	for (int i = 0; i < d->n; i++) {
		map[i] = -1;
		int par = d->parent[i];
		if (d->flags[i] & DOM_SKIP)
			continue;
		if ((par < 0 && i != 0) || (par >= 0 && map[par] < 0))
			continue;       /* inside a dropped node */
		if (t->n >= cap || d->depth[i] > STM_MAX_DEPTH) {
			t->truncated++;
			continue;
		}
		const char *tn = dom_tagname(d, i);
		map[i] = tree_add(t, last, par >= 0 ? map[par] : -1, fnv(tn, strlen(tn)));
	}
	free(map);
	free(last);
	return t;
}

struct stm_tree *
stm_tree_parse(const char *s)
{
	int cap = (int)strlen(s);
	struct stm_tree *t = tree_alloc(cap);
	int *last = xmalloc(((size_t)cap + 1) * sizeof *last);
	int *stack = xmalloc(((size_t)cap + 2) * sizeof *stack);
	int sp = 0, prev = -1, ok = 1, roots = 0;
	for (const char *c = s; *c && ok; c++) {
		if (*c == '(') {
			ok = prev >= 0;
			stack[sp++] = prev;
		} else if (*c == ')') {
			ok = sp > 0;
			if (ok)
				prev = stack[--sp];
		} else if (*c != ' ') {
			int par = sp ? stack[sp - 1] : -1;
			roots += par < 0;
			prev = tree_add(t, last, par, fnv(c, 1));
		}
	}
	free(last);
	free(stack);
	if (!ok || sp != 0 || roots > 1) {
		stm_tree_free(t);
		return NULL;
	}
	return t;
}

void
stm_tree_free(struct stm_tree *t)
{
	if (!t)
		return;
	free(t->label);
	free(t->first_child);
	free(t->next_sibling);
	free(t);
}

/* The rows of every level live in one arena: along a recursion path the
 * b nodes are ancestors of each other, so their children number at most
 * |B| in all, the levels at most |B|, and 4 (|B| + 1) ints suffice. */
static int
stm_rec(const struct stm_tree *a, int x, const struct stm_tree *b, int y,
	int *arena)
{
	if (a->label[x] != b->label[y])
		return 0;
	int nb = 0;
	for (int c = b->first_child[y]; c >= 0; c = b->next_sibling[c])
		nb++;
	if (nb == 0 || a->first_child[x] < 0)
		return 1;
	/* M[i][j] = max(M[i-1][j], M[i][j-1], M[i-1][j-1] + STM(a_i, b_j)),
	 * two rows kept. */
	int *prev = arena, *cur = arena + nb + 1, *rest = arena + 2 * ((size_t)nb + 1);
	memset(prev, 0, ((size_t)nb + 1) * sizeof *prev);
	for (int ai = a->first_child[x]; ai >= 0; ai = a->next_sibling[ai]) {
		int j = 1;
		cur[0] = 0;
		for (int bj = b->first_child[y]; bj >= 0; bj = b->next_sibling[bj], j++) {
			int v = cur[j - 1] > prev[j] ? cur[j - 1] : prev[j];
			int w = prev[j - 1] + stm_rec(a, ai, b, bj, rest);
			cur[j] = v > w ? v : w;
		}
		int *tmp = prev;
		prev = cur;
		cur = tmp;
	}
	return prev[nb] + 1;
}

int
stm_match(const struct stm_tree *a, const struct stm_tree *b)
{
	if (a->n == 0 || b->n == 0)
		return 0;
	int *arena = xmalloc(4 * ((size_t)b->n + 1) * sizeof *arena);
	int r = stm_rec(a, 0, b, 0, arena);
	free(arena);
	return r;
}

double
stm_similarity(const struct stm_tree *a, const struct stm_tree *b)
{
	if (a->n + b->n == 0)
		return 0;
	return stm_match(a, b) / ((a->n + b->n) / 2.0);
}

int
stm_cluster(const struct stm_tree *const *t, int n, double threshold,
	    int *cluster, int *leader)
{
	int *lead = xmalloc(((size_t)n + 1) * sizeof *lead);
	int nc = 0;
	for (int i = 0; i < n; i++) {
		int best = -1;
		double bs = 0;
		for (int c = 0; c < nc; c++) {
			double s = stm_similarity(t[i], t[lead[c]]);
			if (s >= threshold && s > bs) {
				bs = s;
				best = c;
			}
		}
		if (best < 0) {
			best = nc;
			lead[nc++] = i;
		}
		cluster[i] = best;
	}
	if (leader)
		memcpy(leader, lead, (size_t)nc * sizeof *lead);
	free(lead);
	return nc;
}

/* ---- node strings ---- */

static void
string_grow(struct sib_string *s, int n)
{
	s->v = xreallocarray(s->v, (size_t)n + 1, sizeof *s->v);
}

void
sib_string_build(const struct dom *d, int root, struct sib_string *s)
{
	memset(s, 0, sizeof *s);
	buf_init(&s->pool);
	if (root < 0 || root >= d->n)
		return;
	int span = d->end[root] - root;
	string_grow(s, span);
	/* each element's own texts, chained in document order */
	int *head = xmalloc(((size_t)span + 1) * sizeof *head);
	int *tail = xmalloc(((size_t)span + 1) * sizeof *tail);
	int tb = d->text_begin[root], te = d->text_end[root];
	int *next = xmalloc(((size_t)(te - tb) + 1) * sizeof *next);
	for (int k = 0; k < span; k++)
		head[k] = tail[k] = -1;
	for (int t = tb; t < te; t++) {
		const struct dom_text *x = &d->texts[t];
		next[t - tb] = -1;
		if (x->flags & (TEXT_SKIP | TEXT_BREAK) || x->elem < root || x->elem >= d->end[root])
			continue;
		int k = x->elem - root;
		if (tail[k] < 0)
			head[k] = t;
		else
			next[tail[k] - tb] = t;
		tail[k] = t;
	}
	size_t *off = xmalloc(((size_t)span + 1) * sizeof *off);
	struct buf tmp;
	buf_init(&tmp);
	for (int i = root; i < d->end[root]; i++) {
		if (d->flags[i] & DOM_SKIP)
			continue;
		struct sib_node *nd = &s->v[s->n];
		const char *tn = dom_tagname(d, i);
		nd->tag = fnv(tn, strlen(tn));
		nd->depth = d->depth[i] - d->depth[root];
		nd->elem = i;
		off[s->n] = s->pool.len;
		for (int t = head[i - root]; t >= 0; t = next[t - tb]) {
			tmp.len = 0;
			text_collapse(dom_text(d, t), d->texts[t].len, &tmp);
			size_t a = 0, z = tmp.len;
			while (a < z && tmp.data[a] == ' ')
				a++;
			while (z > a && tmp.data[z - 1] == ' ')
				z--;
			if (z == a)
				continue;
			if (s->pool.len > off[s->n])
				buf_addc(&s->pool, ' ');
			buf_add(&s->pool, tmp.data + a, z - a);
		}
		nd->len = (int)(s->pool.len - off[s->n]);
		/* (no text yet: the pool has no buffer to point into) */
		nd->chars = nd->len ? (int)utf8_chars(s->pool.data + off[s->n], (size_t)nd->len) : 0;
		buf_addc(&s->pool, '\0');
		s->textlen += nd->chars;
		s->n++;
	}
	for (int k = 0; k < s->n; k++)
		s->v[k].text = s->pool.data + off[k];
	buf_free(&tmp);
	free(off);
	free(head);
	free(tail);
	free(next);
}

void
sib_string_from(struct sib_string *s, int n, const char *tags,
		const int *depth, const char *const *texts)
{
	memset(s, 0, sizeof *s);
	buf_init(&s->pool);
	string_grow(s, n);
	for (int k = 0; k < n; k++) {
		struct sib_node *nd = &s->v[k];
		nd->tag = fnv(tags + k, 1);
		nd->depth = depth[k];
		nd->elem = -1;
		nd->text = texts && texts[k] ? texts[k] : "";
		nd->len = (int)strlen(nd->text);
		nd->chars = (int)utf8_chars(nd->text, (size_t)nd->len);
		s->textlen += nd->chars;
	}
	s->n = n;
}

void
sib_string_free(struct sib_string *s)
{
	if (!s)
		return;
	free(s->v);
	buf_free(&s->pool);
	memset(s, 0, sizeof *s);
}

/* ---- the fuzzy matcher ---- */

/* Common text of two nodes: common prefix plus common suffix, at most the
 * shorter text, so a changed date or counter inside a menu costs only
 * the changed characters.  Counted in characters: both ends stop on a
 * character's first byte, so 今天 and 今年 share one character of two,
 * not the four bytes of six their UTF-8 shares. */
static long
text_common(const struct sib_node *a, const struct sib_node *b)
{
	int n = a->len < b->len ? a->len : b->len;
	int pre = 0;
	while (pre < n && a->text[pre] == b->text[pre])
		pre++;
	while (pre > 0 && pre < a->len && ((unsigned char)a->text[pre] & 0xC0) == 0x80)
		pre--;
	int suf = 0;
	while (suf < n - pre && a->text[a->len - 1 - suf] == b->text[b->len - 1 - suf])
		suf++;
	while (suf > 0 && ((unsigned char)a->text[a->len - suf] & 0xC0) == 0x80)
		suf--;
	return (long)utf8_chars(a->text, (size_t)pre) +
	       (long)utf8_chars(a->text + a->len - suf, (size_t)suf);
}

enum { ST_NORMAL, ST_SMOVE, ST_TMOVE };

static int
fuzzy_run(const struct sib_string *S, const struct sib_string *T, int j0,
	  int max, int need, int *ps, int *pt, long *text)
{
	int tend = j0 + 1;
	while (tend < T->n && T->v[tend].depth > T->v[j0].depth)
		tend++;
	int i = 0, j = j0, np = 0, state = ST_NORMAL, step = 0, si = 0, sj = 0;
	*text = 0;
	while (i < S->n && j < tend) {
		if (np + (S->n - i) < need)
			break;          /* alpha is out of reach */
		if (S->v[i].tag == T->v[j].tag) {
			ps[np] = i;
			pt[np] = j;
			np++;
			*text += text_common(&S->v[i], &T->v[j]);
			i++;
			j++;
			state = ST_NORMAL;
			continue;
		}
		if (state == ST_NORMAL) {
			si = i;
			sj = j;
			step = 0;
			state = ST_SMOVE;
		}
		if (state == ST_SMOVE) {
			if (step < max && i + 1 < S->n) {
				i++;    /* the source has extra nodes */
				step++;
				continue;
			}
			i = si;
			j = sj;
			step = 0;
			state = ST_TMOVE;
		}
		/* ST_TMOVE */
		if (step < max && j + 1 < tend) {
			j++;            /* the target has extra nodes */
			step++;
			continue;
		}
		/* S[si] has no partner within reach: leave it unmatched */
		i = si + 1;
		j = sj;
		state = ST_NORMAL;
	}
	return np;
}

int
sib_fuzzy(const struct sib_string *S, const struct sib_string *T, int j0,
	  int max, int *ps, int *pt, long *text)
{
	return fuzzy_run(S, T, j0, max, 0, ps, pt, text);
}

int
sib_verify(const struct sib_string *S, const struct sib_string *T,
	   const int *ps, const int *pt, int np)
{
	if (np == 0)
		return 0;
	int r = pt[0];
	int end = r + 1;
	while (end < T->n && T->v[end].depth > T->v[r].depth)
		end++;
	int sd = S->v[ps[0]].depth, td = T->v[r].depth;
	for (int k = 1; k < np; k++) {
		if (pt[k] <= r || pt[k] >= end)
			return 0;
		if (T->v[pt[k]].depth - td != S->v[ps[k]].depth - sd)
			return 0;
	}
	return 1;
}

int
sib_match(const struct sib_string *S, const struct sib_string *T,
	  const struct params *p, struct sib_result *r)
{
	memset(r, 0, sizeof *r);
	r->start = -1;
	if (S->n == 0)
		return 0;
	int *ps = xmalloc(((size_t)S->n + 1) * sizeof *ps);
	int *pt = xmalloc(((size_t)S->n + 1) * sizeof *pt);
	int need = (int)(p->sib_alpha * S->n);
	int noise = 0;
	double bestsum = -1;
	/* Only targets whose tag equals the block root's can start a match,
	 * so the scan skips every other position in one comparison. */
	for (int j0 = 0; j0 < T->n && !noise; j0++) {
		if (T->v[j0].tag != S->v[0].tag)
			continue;
		r->candidates++;
		long text;
		int np = fuzzy_run(S, T, j0, p->sib_max, need, ps, pt, &text);
		double tg = (double)np / S->n;
		double tx = S->textlen > 0 ? (double)text / S->textlen : 1.0;
		if (!sib_verify(S, T, ps, pt, np)) {
			r->rejected++;
			continue;
		}
		noise = tg >= p->sib_alpha && tx >= p->sib_beta;
		/* the candidate that decides, else the best */
		if (noise || tg + tx > bestsum) {
			bestsum = tg + tx;
			r->tagsim = tg;
			r->textsim = tx;
			r->start = j0;
		}
	}
	free(ps);
	free(pt);
	return noise;
}

/* ---- segmentation and decision ---- */

static int
has_text(const struct metrics *m, int i)
{
	return m->TA[i] + m->LT[i] > 0;
}

static void
segment(const struct dom *d, const struct metrics *m, int node, int level,
	int pdoc, uint8_t *blk)
{
	for (;;) {
		int texty = 0, spread = 0, only = -1;
		for (int c = d->first_child[node]; c >= 0; c = d->next_sibling[c]) {
			if ((d->flags[c] & DOM_SKIP) || !has_text(m, c))
				continue;
			texty++;
			only = c;
			if (!(d->flags[c] & DOM_PHRASING))
				spread++;
		}
		/* A lone wrapper is passed through without using a level:
		 * one child holds all the text, whatever empty elements
		 * (spacers, clearing divs, ad slots) stand beside it. */
		if (texty == 1 && m->own[node] == 0 && !(d->flags[only] & DOM_PHRASING)) {
			blk[node] = 2;
			node = only;
			continue;
		}
		if (level < pdoc && spread >= 2) {
			blk[node] = 2;
			for (int c = d->first_child[node]; c >= 0; c = d->next_sibling[c])
				if (!(d->flags[c] & DOM_SKIP))
					segment(d, m, c, level + 1, pdoc, blk);
			return;
		}
		blk[node] = 1;
		return;
	}
}

void
sib_segment(const struct dom *d, const struct metrics *m, int pdoc,
	    uint8_t *blk)
{
	memset(blk, 0, (size_t)d->n);
	if (d->body >= 0)
		segment(d, m, d->body, 0, pdoc, blk);
}

/* The characters of a text node, white space left out. */
static int
text_chars(const struct dom *d, int t)
{
	const unsigned char *s = (const unsigned char *)dom_text(d, t);
	int n = 0;
	for (uint32_t k = 0; k < d->texts[t].len; k++)
		n += (s[k] & 0xc0) != 0x80 && s[k] != ' ' && s[k] != '\t' && s[k] != '\n' &&
		     s[k] != '\r' && s[k] != '\f';
	return n;
}

enum sib_slot
sib_slot(const struct dom *d, const struct metrics *m, int b, const struct params *p)
{
	double lt = m->LT[b], ta = m->TA[b];
	if (lt + ta > 0 && lt / (lt + ta) > p->sib_links)
		return SIB_SLOT_LINKS;
	if (p->sib_prose <= 0)
		return SIB_SLOT_NONE;
	int texts = 0;
	for (int t = d->text_begin[b]; t < d->text_end[b]; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		int n = text_chars(d, t);
		if (n >= p->sib_prose)
			return SIB_SLOT_NONE;
		texts += n > 0;
	}
	/* a lone heading is a slot of one text: the page's title */
	return texts >= 2 ? SIB_SLOT_SHORT : SIB_SLOT_NONE;
}

void
sib_decide(const struct dom *d, const struct metrics *m,
	   const struct sib_string *const *sibs, int nsibs,
	   const struct params *p, const uint8_t *pins,
	   struct decision *dc, double *tagsim, double *textsim, int *by)
{
	uint8_t *blk = xmalloc((size_t)d->n + 1);
	sib_segment(d, m, p->sib_pdoc, blk);
	for (int i = 0; i < d->n; i++) {
		bool head = d->head >= 0 && dom_contains(d, d->head, i);
		dc->content[i] = !head;
		dc->reason[i] = head ? REASON_NOISE : REASON_UNIQUE;
		dc->CS[i] = 0;
		if (tagsim)
			tagsim[i] = -1;
		if (textsim)
			textsim[i] = -1;
		if (by)
			by[i] = -1;
	}
	dc->region = -1;
	for (int b = 0; b < d->n; b++) {
		if (blk[b] != 1)
			continue;
		struct sib_string S;
		sib_string_build(d, b, &S);
		double bt = 0, bx = 0;
		int noise = 0, from = -1;
		for (int k = 0; k < nsibs && !noise; k++) {
			struct sib_result r;
			noise = sib_match(&S, sibs[k], p, &r);
			/* the match that makes it noise, else the best */
			if (r.start >= 0 && (noise || r.tagsim + r.textsim > bt + bx)) {
				bt = r.tagsim;
				bx = r.textsim;
				from = k;
			}
		}
		sib_string_free(&S);
		if (tagsim)
			tagsim[b] = bt;
		if (textsim)
			textsim[b] = bx;
		if (by)
			by[b] = from;
		if (!noise && bt >= p->sib_alpha && sib_slot(d, m, b, p))
			noise = 2;
		if (noise)
			for (int i = b; i < d->end[b]; i++) {
				dc->content[i] = 0;
				dc->reason[i] = REASON_NOISE_BLOCK;
			}
	}
	free(blk);
	decide_apply_pins(d, pins, dc, NULL);
}
