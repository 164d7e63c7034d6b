/* auto-thread.c - a forum thread found by its structure (thread.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sitetext.h"
#include "method/auto-thread.h"
#include "util.h"

#define SEED 1469598103934665603ULL

static uint64_t
mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 1099511628211ULL;
}

void
thread_init(struct thread *t)
{
	memset(t, 0, sizeof *t);
	t->anchor = t->anchor_post = t->container = t->first_list = -1;
}

void
thread_free(struct thread *t)
{
	free(t->post);
	free(t->msg);
	free(t->sim);
	free(t->held);
	free(t->like);
	free(t->own);
	free(t->repeat);
	free(t->text_repeat);
	thread_init(t);
}

static int
text_of(const struct metrics *m, int e)
{
	return m->TA[e] + m->LT[e];
}

/* ---- shapes ---- */

/* A shape: the sorted, unique hashes of the tag paths below an element,
 * THREAD_SHAPE_DEPTH levels down.  ph is per-element scratch.  The paths
 * are told apart as they come (ids): a thread's container repeats a few
 * paths over hundreds of thousands of elements, and sorting them all took
 * 22 ms on a 21 MB page. */
struct shape {
	uint64_t *h;
	int n, cap;
	struct u64_ids ids;
};

static void
shape_of(const struct dom *d, int e, uint64_t *ph, struct shape *s)
{
	u64_ids_clear(&s->ids);
	ph[e] = SEED;
	for (int i = e + 1; i < d->end[e]; i++) {
		int rel = d->depth[i] - d->depth[e];
		ph[i] = mix(ph[d->parent[i]], (uint64_t)d->tag[i] + 1);
		u64_ids_add(&s->ids, ph[i]);
		if (rel >= THREAD_SHAPE_DEPTH)
			i = d->end[i] - 1;      /* not below */
	}
	s->n = (int)s->ids.n;
	if (s->n > s->cap) {
		s->cap = s->n;
		s->h = xreallocarray(s->h, (size_t)s->cap, sizeof *s->h);
	}
	if (s->n) {
		/* told apart already: sorted only */
		memcpy(s->h, s->ids.v, (size_t)s->n * sizeof *s->h);
		qsort(s->h, (size_t)s->n, sizeof *s->h, u64_cmp);
	}
}

/* Jaccard similarity of two shapes (two with no paths are alike), and
 * into *held the share of the fewer paths that the more hold where the
 * fewer are THREAD_HELD_PATHS or more and the more at most
 * THREAD_HELD_RATIO times as many, else 0. */
static double
shape_sim(const struct shape *a, const struct shape *b, double *held)
{
	*held = 0;
	if (a->n == 0 && b->n == 0)
		return 1;
	int i = 0, j = 0, both = 0;
	while (i < a->n && j < b->n) {
		if (a->h[i] == b->h[j])
			both++, i++, j++;
		else if (a->h[i] < b->h[j])
			i++;
		else
			j++;
	}
	int fewer = a->n < b->n ? a->n : b->n, more = a->n < b->n ? b->n : a->n;
	if (fewer >= THREAD_HELD_PATHS && more <= THREAD_HELD_RATIO * fewer)
		*held = (double)both / fewer;
	return (double)both / (a->n + b->n - both);
}

/* ---- places inside a post ---- */

/* A place: a path of (tag, position among same-tag siblings) steps from
 * a post's root, hashed; sh is per-element scratch. */
static void
places(const struct dom *d, int c, uint64_t *sh)
{
	sh[c] = SEED;
	for (int x = c + 1; x < d->end[c]; x++)
		sh[x] = mix(sh[d->parent[x]], ((uint64_t)d->tag[x] << 32) | (uint32_t)d->pos[x]);
}

/* Per element, its position among its parent's children of its tag that
 * hold text, 1 for the first; 0 for one that holds none. */
static int *
text_positions(const struct dom *d, const struct metrics *m)
{
	int *tp = xcalloc((size_t)d->n + 1, sizeof *tp);
	int *count = xcalloc((size_t)d->ntags + 1, sizeof *count);
	for (int e = 0; e < d->n; e++) {
		for (int k = d->first_child[e]; k >= 0; k = d->next_sibling[k])
			if (text_of(m, k) > 0)
				tp[k] = ++count[d->tag[k]];
		for (int k = d->first_child[e]; k >= 0; k = d->next_sibling[k])
			count[d->tag[k]] = 0;
	}
	free(count);
	return tp;
}

#define THREAD_PLACE_STEPS 64

/* Whether the texts [from, to) hold a character that is not white space
 * (TEXT_SKIP's aside). */
static bool
texts_shown(const struct dom *d, int from, int to)
{
	for (int t = from; t < to; t++) {
		const char *x = dom_text(d, t);
		for (size_t i = 0; !(d->texts[t].flags & TEXT_SKIP) && i < d->texts[t].len; i++)
			if (!isspace((unsigned char)x[i]))
				return true;
	}
	return false;
}

/* What element e holds at its first level, as bits: one per child's tag
 * (its number modulo 63) and the last for text of its own (not white
 * space), read in the gaps between its children (not its descendants'
 * texts: a message of many is read once a post). */
static uint64_t
child_profile(const struct dom *d, int e)
{
	uint64_t bits = 0;
	bool own = false;
	int pos = d->text_begin[e];
	for (int k = d->first_child[e]; k >= 0; k = d->next_sibling[k]) {
		bits |= (uint64_t)1 << (d->tag[k] % 63);
		own = own || texts_shown(d, pos, d->text_begin[k]);
		pos = d->text_end[k];
	}
	own = own || texts_shown(d, pos, d->text_end[e]);
	return own ? bits | (uint64_t)1 << 63 : bits;
}

/* The element at the place rep has below its own post, walked from post
 * c: at each step the child of the same tag and the same position among
 * those of its tag that hold text (tp, text_positions: an empty one, a
 * post's hidden metadata or an advertisement's slot that a script
 * fills, does not move the others) when there is one, else the one of
 * that tag holding the most; where none holds any, the walk stops
 * there.  Where the one at that position holds link text alone and the
 * one at want's position counted from the last holds words, the latter
 * (NodeBB draws a user with no picture as a link around the name's
 * first letter, where the others have an image: one more sibling with
 * text before the message).  At the last step, the message itself:
 * where the one there holds nothing of what want holds at its first
 * level (child_profile: a post's title of a b alone, a box of its
 * files, where the others' messages hold text and line breaks), the
 * first of its tag that does, *moved set (when not NULL).  (A place
 * keeps the positions among all
 * siblings: counted as the walk counts them, the sections of two of
 * WCXB's service pages, each with its own empty ornaments, took the
 * same places and passed for posts.) */
static int
walk_place(const struct dom *d, const struct metrics *m, const int *tp, int rep,
	   int root_of_rep, int c, bool *moved)
{
	if (moved)
		*moved = false;
	int steps[THREAD_PLACE_STEPS], ns = 0;
	/* a place deeper than the steps kept is the post itself */
	if (d->depth[rep] - d->depth[root_of_rep] > THREAD_PLACE_STEPS)
		return c;
	for (int x = rep; x != root_of_rep && ns < THREAD_PLACE_STEPS; x = d->parent[x])
		steps[ns++] = x;
	int cur = c;
	for (int s = ns - 1; s >= 0; s--) {
		int want = steps[s], same = -1, best = -1, with = 0;
		for (int k = d->first_child[cur]; k >= 0; k = d->next_sibling[k]) {
			if (d->tag[k] != d->tag[want] || text_of(m, k) == 0)
				continue;
			with++;
			if (tp[k] == tp[want])
				same = k;
			if (best < 0 || m->TA[k] > m->TA[best])
				best = k;
		}
		int next = same >= 0 ? same : best;
		/* the one there holds link text alone (an avatar's letter,
		 * where want's post has a picture): the one at want's
		 * place counted from the last, where it holds words */
		if (same >= 0 && m->TA[same] == 0) {
			int after = -tp[want];  /* of want's tag with text after want */
			for (int k = d->first_child[d->parent[want]]; k >= 0; k = d->next_sibling[k])
				after += d->tag[k] == d->tag[want] && text_of(m, k) > 0;
			for (int k = d->first_child[cur]; k >= 0; k = d->next_sibling[k])
				if (d->tag[k] == d->tag[want] && text_of(m, k) > 0 &&
				    tp[k] == with - after && m->TA[k] > 0)
					next = k;
		}
		/* the last step, the message itself: a title or a box of
		 * files before it, where want's post has none */
		if (s == 0 && same >= 0 && with >= 2) {
			uint64_t pw = child_profile(d, want);
			if (pw && !(child_profile(d, same) & pw))
				for (int k = d->first_child[cur]; k >= 0; k = d->next_sibling[k])
					if (d->tag[k] == d->tag[want] && text_of(m, k) > 0 &&
					    (child_profile(d, k) & pw)) {
						next = k;
						if (moved)
							*moved = k != same;
						break;
					}
		}
		if (next < 0)
			break;
		cur = next;
	}
	return cur;
}

/* Elements a message can be: containers, not a paragraph, a heading, a
 * quote, a list or table part, or phrasing content (a message of one
 * paragraph is the paragraph's container, so that a longer one is whole). */
static bool
message_tag(const struct dom *d, int e)
{
	static const char *const no[] = {
		"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "li", "dt", "blockquote",
		"table", "tbody", "thead", "tfoot", "tr", "ul", "ol", "dl", "figure",
		"figcaption", "caption", "center", "form",
	};
	if (d->flags[e] & DOM_PHRASING)
		return false;
	const char *t = d->tagnames[d->tag[e]];
	/* a pre of prose is a message whole (a bug tracker's comment) */
	if (!strcmp(t, "pre") && d->text_begin[e] < d->text_end[e] &&
	    d->texts[d->text_begin[e]].flags & TEXT_PROSE)
		return true;
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		if (!strcmp(t, no[i]))
			return false;
	return true;
}

/* The deepest element below post c that holds half its words or more
 * (words: per element, as level_eval counts them) and may be a message
 * (message_tag); c itself where none does. */
static int
own_place(const struct dom *d, const int *words, int c)
{
	int x = c;
	for (int next = c; next >= 0;) {
		x = next;
		next = -1;
		for (int k = d->first_child[x]; k >= 0 && next < 0; k = d->next_sibling[k])
			if (2 * (long)words[k] >= words[c] && message_tag(d, k))
				next = k;
	}
	return x;
}

/* A decimal digit of the scripts forums write dates and counts in:
 * ASCII, fullwidth, Arabic-Indic (both), Devanagari, Bengali, Thai,
 * Tibetan, Myanmar. */
static bool
is_digit(uint32_t cp)
{
	static const uint32_t zero[] = { 0x30, 0xFF10, 0x660, 0x6F0, 0x966, 0x9E6, 0xE50,
					 0xF20, 0x1040 };
	for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++)
		if (cp >= zero[i] && cp <= zero[i] + 9)
			return true;
	return false;
}

/* How many runs of digits text node t holds, counted up to most: one, a
 * digit at all; two, a date or a time rather than a step's or a post's
 * bare number. */
static int
digit_runs(const struct dom *d, int t, int most)
{
	const unsigned char *u = (const unsigned char *)dom_text(d, t);
	size_t n = d->texts[t].len;
	int runs = 0;
	bool in = false;
	for (size_t i = 0; i < n && runs < most;) {
		uint32_t cp = u[i];
		/* ASCII's digits are its only ones: most bytes are settled
		 * without the table */
		i += u[i] < 0x80 ? 1 : utf8_decode(u + i, n - i, &cp);
		bool digit = cp < 0x80 ? cp - '0' < 10 : is_digit(cp);
		runs += digit && !in;
		in = digit;
	}
	return runs;
}

/* Whether text t holds a date or a time in ASCII digits: a year of four
 * digits, a separator ('/', '-', '.') and one or two digits
 * ("2024/03/11"), or one or two digits, a ':' and two ("18:40"). */
static bool
dated_text(const struct dom *d, int t)
{
	const char *s = dom_text(d, t);
	size_t n = d->texts[t].len;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]) || (i > 0 && isdigit((unsigned char)s[i - 1])))
			continue;
		size_t k = i;
		while (k < n && isdigit((unsigned char)s[k]))
			k++;
		size_t run = k - i;
		if (k + 1 < n && isdigit((unsigned char)s[k + 1])) {
			if (run == 4 && (s[k] == '/' || s[k] == '-' || s[k] == '.'))
				return true;
			if (run <= 2 && s[k] == ':' && k + 2 < n && isdigit((unsigned char)s[k + 2]) &&
			    (k + 3 == n || !isdigit((unsigned char)s[k + 3])))
				return true;
		}
		i = k;
	}
	return false;
}

/* A place's share of the posts' words summed over them, its depth below
 * a post and an element at it. */
struct place_sum {
	double share;
	int depth, rep;
};

/* What a search from one anchor reads and writes: the page's text facts
 * (thread_cache), and scratch per element (ph, sh, words) and per text
 * node (tkey, and count, per block too), for the search only. */
struct search {
	const uint64_t *th;
	const uint8_t *tf;
	const int *tp;
	uint64_t *ph, *sh, *tkey;
	int *words;
	uint8_t *count;
};

/* ---- holders counted by sorting ---- */

/* A key (not 0) held by holder, its result to go to count[where]. */
struct holding {
	uint64_t key;
	uint32_t holder, where;
};

static int
holding_cmp(const void *a, const void *b)
{
	const struct holding *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->where > y->where) - (x->where < y->where);
}

/* For each of h[0..n), made in the order of its holders, how many
 * holders its key has, 255 at most, into count[where]: a holder is
 * counted again when another held the key between (a thread's posts come
 * in order, so each post counts once).  The holdings are put in buckets
 * by their key's top bits, stably, and each bucket in order of key: over
 * a 21 MB thread's 300,000 texts a hash table of counts spent most of its
 * time in cache misses. */
static void
count_holders(struct holding *h, size_t n, uint8_t *count)
{
	if (n == 0)
		return;
	int bits = 4;
	while (bits < 16 && ((size_t)1 << bits) < n)
		bits++;
	size_t nb = (size_t)1 << bits;
	uint32_t *start = xcalloc(nb + 1, sizeof *start);
	for (size_t i = 0; i < n; i++)
		start[(h[i].key >> (64 - bits)) + 1]++;
	for (size_t b = 0; b < nb; b++)
		start[b + 1] += start[b];
	struct holding *s = xmalloc(n * sizeof *s);
	for (size_t i = 0; i < n; i++) {
		size_t b = (size_t)(h[i].key >> (64 - bits));
		/* a stable place: start[b] counts up to the next bucket's */
		s[start[b]++] = h[i];
	}
	/* start[b] is now the end of bucket b */
	for (size_t b = 0, from = 0; b < nb; from = start[b++]) {
		size_t m = start[b] - from;
		struct holding *v = s + from;
		if (m > 16) {
			qsort(v, m, sizeof *v, holding_cmp);
			continue;
		}
		for (size_t i = 1; i < m; i++) {
			struct holding x = v[i];
			size_t j = i;
			for (; j > 0 && holding_cmp(&v[j - 1], &x) > 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
	}
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		unsigned c = 1;
		for (; j < n && s[j].key == s[i].key; j++)
			c += s[j].holder != s[j - 1].holder;
		for (size_t k = i; k < j; k++)
			count[s[k].where] = (uint8_t)(c > 255 ? 255 : c);
		i = j;
	}
	free(s);
	free(start);
}

/* ---- one level: the siblings of one ancestor of the anchor ---- */

struct level {
	int a;              /* the anchor's ancestor at this level */
	int nm;             /* members: siblings of a's shape with text */
	int *mem, *msg;
	double *sim, *held;
	int *like;          /* the member each was found alike to */
	uint8_t *own;       /* each member's message found by its own words
			     * (own_place): 1; or the place's next of its
			     * tag, the place holding nothing a message does
			     * (walk_place): 2 */
	int posts;          /* members with a message and text beside it */
	int panel;          /* the median post's characters beside its message */
	double share;
	int depth;
	bool opening;       /* a's post unlike the others (first_alike) */
	bool alike;         /* replies apart laid out as a's post is
			     * (replies_alike) */
	bool headed;        /* THREAD_POSTS members or more have a header
			     * with a date before them (dated_header): a
			     * post's date may stand there */
	bool within;        /* replies laid out as a's post is, in the
			     * first element of its tag after it
			     * (replies_within) */
	double short_open;  /* the replies named as comments, a's text over
			     * their mean (short_opening); else 0 */
	int root;           /* the posts' container: a's parent, or where
			     * the replies stand apart its grandparent */
	int nested;         /* of the members, replies nested in the posts
			     * they answer (nest_replies), the members then
			     * the posts' parts; 0: none */
	bool unwrapped;     /* the first member is an opening post without
			     * the wrapper of one each other member is
			     * (unwrapped_opening) */
};

static void
level_free(struct level *l)
{
	free(l->mem);
	free(l->msg);
	free(l->sim);
	free(l->held);
	free(l->like);
	free(l->own);
	memset(l, 0, sizeof *l);
}

/* The shapes a sibling is compared with: the anchor's post's and those
 * of the last THREAD_RING members taken (posts with a quote or a
 * signature are alike through the plain ones between them). */
#define THREAD_RING 4
struct shapes {
	struct shape anchor, cur, ring[THREAD_RING];
	int anchor_el;      /* whose shape anchor is */
	int ring_el[THREAD_RING], nring, next;
};

static void
shape_free(struct shape *s)
{
	free(s->h);
	u64_ids_free(&s->ids);
}

static void
shapes_free(struct shapes *sh)
{
	shape_free(&sh->anchor);
	shape_free(&sh->cur);
	for (int i = 0; i < THREAD_RING; i++)
		shape_free(&sh->ring[i]);
}

/* Add c to l's members when it has text, a's tag, and a shape like the
 * anchor's post's or a recent member's. */
static bool
add_member(const struct dom *d, const struct metrics *m, int a, int c, uint64_t *ph,
	   struct shapes *sp, struct level *l)
{
	if (d->tag[c] != d->tag[a] || text_of(m, c) == 0)
		return false;
	double s = 1, h = 0;
	int like = c == a ? a : sp->anchor_el;
	if (c != a) {
		shape_of(d, c, ph, &sp->cur);
		/* the most alike by Jaccard; failing THREAD_SHAPE, the one
		 * whose paths and c's hold each other most */
		double held, best_held, held_sim;
		s = held_sim = shape_sim(&sp->anchor, &sp->cur, &best_held);
		int held_like = like;
		for (int i = 0; i < sp->nring && i < THREAD_RING; i++) {
			double r = shape_sim(&sp->ring[i], &sp->cur, &held);
			if (r > s) {
				s = r;
				like = sp->ring_el[i];
			}
			if (held > best_held) {
				best_held = held;
				held_sim = r;
				held_like = sp->ring_el[i];
			}
		}
		if (s < THREAD_SHAPE) {
			if (best_held < THREAD_HELD)
				return false;
			s = held_sim;
			h = best_held;
			like = held_like;
		}
		struct shape t = sp->ring[sp->next];
		sp->ring[sp->next] = sp->cur;
		sp->cur = t;
		sp->ring_el[sp->next] = c;
		sp->next = (sp->next + 1) % THREAD_RING;
		sp->nring++;
	}
	if ((l->nm & (l->nm - 1)) == 0) {      /* 0, 1, 2, 4, ...: grow */
		size_t cap = l->nm ? 2 * (size_t)l->nm : 1;
		l->mem = xreallocarray(l->mem, cap, sizeof *l->mem);
		l->sim = xreallocarray(l->sim, cap, sizeof *l->sim);
		l->held = xreallocarray(l->held, cap, sizeof *l->held);
		l->like = xreallocarray(l->like, cap, sizeof *l->like);
	}
	l->mem[l->nm] = c;
	l->like[l->nm] = like;
	l->held[l->nm] = h;
	l->sim[l->nm++] = s;
	return true;
}

/* Whether post c holds a digit outside its message: the date, the post's
 * number, the author's post count that every forum shows beside a post
 * (and an article's section headings seldom have).  tf: the page's text
 * facts (TF_). */
static bool
dated(const struct dom *d, const uint8_t *tf, int c, int msg)
{
	for (int t = d->text_begin[c]; t < d->text_end[c]; t++)
		if (!(d->texts[t].flags & TEXT_SKIP) && !dom_contains(d, msg, d->texts[t].elem) &&
		    (tf[t] & TF_DIGIT))
			return true;
	return false;
}

/* Whether h is the term (a dt) of the description c (a dd). */
static bool
term_of_entry(const struct dom *d, int h, int c)
{
	return h >= 0 && !strcmp(d->tagnames[d->tag[h]], "dt") &&
	       !strcmp(d->tagnames[d->tag[c]], "dd");
}

/* Whether post c's date stands in a header of its own before it: the
 * element before c, of its tag (or the dt over a dd: a board that writes
 * its thread as one definition list), of at most THREAD_HEADER_CHARS,
 * with a date or a count (TF_META) of two runs of digits or more, and
 * no code (bbPress sets each reply's date and number in a
 * div.bbp-reply-header before the div of its author and message). */
static bool
dated_header(const struct dom *d, const struct metrics *m, const uint8_t *tf, int c)
{
	int h = dom_prev_sibling(d, c);
	if (h < 0 || (d->tag[h] != d->tag[c] && !term_of_entry(d, h, c)) || text_of(m, h) == 0 ||
	    text_of(m, h) > THREAD_HEADER_CHARS)
		return false;
	bool date = false;
	for (int t = d->text_begin[h]; t < d->text_end[h]; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		if (tf[t] & TF_CODE)
			return false;
		date |= (tf[t] & TF_META) && digit_runs(d, t, 2) == 2;
	}
	return date;
}

/* A post: text in its message, and beside it text with a digit, or,
 * where its level's posts are headed (struct level), a header before it
 * with a date; a dd under a dated dt may be all message.  A disclosure
 * (details) is none, whatever it holds: a reference's entry, its
 * signature and version the label that opens its description (rustdoc
 * sets each method so), or a question of a list of answers. */
static bool
is_post(const struct dom *d, const struct metrics *m, const uint8_t *tf, int c, int msg,
	bool headed)
{
	return text_of(m, msg) > 0 && strcmp(d->tagnames[d->tag[c]], "details") != 0 &&
	       ((text_of(m, c) > text_of(m, msg) &&
		 (dated(d, tf, c, msg) || (headed && dated_header(d, m, tf, c)))) ||
		(headed && term_of_entry(d, dom_prev_sibling(d, c), c) &&
		 dated_header(d, m, tf, c)));
}

/* Whether member k of l is a post: the opening post set apart from its
 * replies may have its date and author in its wrapper, beside it. */
static bool
opening_post(const struct dom *d, const struct metrics *m, const uint8_t *tf,
	     const struct level *l, int k)
{
	int c = l->mem[k];
	if (is_post(d, m, tf, c, l->msg[k], l->headed))
		return true;
	return c == l->a && l->root != d->parent[c] &&
	       is_post(d, m, tf, d->parent[c], l->msg[k], false);
}

/* Add the descendants of c, down to levels below it, that are posts of
 * a's shape, not looking inside one found. */
static void
add_below(const struct dom *d, const struct metrics *m, int a, int c, int levels,
	  uint64_t *ph, struct shapes *sp, struct level *l)
{
	for (int g = d->first_child[c]; g >= 0; g = d->next_sibling[g])
		if (!add_member(d, m, a, g, ph, sp, l) && levels > 1 && d->tag[g] != d->tag[a])
			add_below(d, m, a, g, levels - 1, ph, sp, l);
}

/* Whether a member of l, or an element between it and p (its
 * container), has "comment" in its id or class. */
static bool
named_comment(const struct dom *d, int p, const struct level *l)
{
	for (int k = 0; k < l->nm; k++)
		for (int e = l->mem[k]; e >= 0 && e != p; e = d->parent[e]) {
			const char *id = dom_attr(d, e, "id"), *cl = dom_attr(d, e, "class");
			if ((id && strcasestr(id, "comment")) || (cl && strcasestr(cl, "comment")))
				return true;
		}
	return false;
}

/* The opening post a's text over the mean text of l's other members,
 * its replies, where that is at most THREAD_OPENING (a discussion's
 * question or link with a line about it, which the replies outweigh,
 * not an article over its readers' comments); else 0. */
static double
short_opening(const struct metrics *m, int a, const struct level *l)
{
	long replies = 0;
	int n = 0;
	for (int k = 0; k < l->nm; k++)
		if (l->mem[k] != a) {
			replies += text_of(m, l->mem[k]);
			n++;
		}
	if (n == 0 || replies == 0)
		return 0;
	double times = (double)text_of(m, a) * n / (double)replies;
	return times <= THREAD_OPENING ? times : 0;
}

/* The first element of a's tag with text among g and its later
 * siblings, and levels - 1 levels down in those of another tag (as
 * add_below looks); -1 for none.  From a's next sibling, THREAD_BELOW + 1
 * levels: the first reply where the opening post is a. */
static int
first_alike(const struct dom *d, const struct metrics *m, int a, int g, int levels)
{
	for (; g >= 0; g = d->next_sibling[g]) {
		if (d->tag[g] == d->tag[a] && text_of(m, g) > 0)
			return g;
		if (levels > 1 && d->tag[g] != d->tag[a]) {
			int r = first_alike(d, m, a, d->first_child[g], levels - 1);
			if (r >= 0)
				return r;
		}
	}
	return -1;
}

/* Into l, a and its siblings with the shape of like (a, or the first
 * reply after an opening post a), and those up to THREAD_BELOW levels
 * down in another sibling; apart (list, not -1), a and list's children
 * of like's shape and those below them (list stands after a's
 * wrapper). */
static void
gather(const struct dom *d, const struct metrics *m, int a, int like, int list,
       uint64_t *ph, struct shapes *sp, struct level *l)
{
	if (sp->anchor_el != like)
		shape_of(d, like, ph, &sp->anchor);
	sp->anchor_el = like;
	sp->nring = sp->next = 0;
	/* replies in a container of their own (apart), after the opening
	 * post's wrapper: a first, then the replies */
	int r = d->parent[a];
	if (list >= 0) {
		add_member(d, m, a, a, ph, sp, l);
		r = list;
	}
	for (int c = d->first_child[r]; c >= 0; c = d->next_sibling[c]) {
		if (add_member(d, m, a, c, ph, sp, l))
			continue;
		if (c != a && d->tag[c] != d->tag[a])
			add_below(d, m, a, c, THREAD_BELOW, ph, sp, l);
	}
}

int
thread_item(const struct dom *d, int e)
{
	while (d->parent[e] >= 0 && d->first_child[d->parent[e]] == e && d->next_sibling[e] < 0)
		e = d->parent[e];
	return e;
}

/* How many wrappers up from an opening post, and how many levels down in
 * their later siblings, replies laid out as it is are looked for; how
 * many elements of its tag there are compared with it at most. */
#define ALIKE_WRAPS 2
#define ALIKE_BELOW (THREAD_BELOW + 2)
#define ALIKE_TRIES 16

/* The first element of a's tag with text, and a's shape (sp->anchor), in
 * g's subtree down to levels below g; -1 for none.  *tries counts the
 * comparisons left. */
static int
alike_in(const struct dom *d, const struct metrics *m, int a, int g, int levels, uint64_t *ph,
	 struct shapes *sp, int *tries)
{
	if (d->tag[g] == d->tag[a] && text_of(m, g) > 0) {
		if (--*tries < 0)
			return -1;
		double held;
		shape_of(d, g, ph, &sp->cur);
		if (shape_sim(&sp->anchor, &sp->cur, &held) >= THREAD_SHAPE)
			return g;
	}
	if (levels == 0)
		return -1;
	for (int c = d->first_child[g]; c >= 0 && *tries >= 0; c = d->next_sibling[c]) {
		int r = alike_in(d, m, a, c, levels - 1, ph, sp, tries);
		if (r >= 0)
			return r;
	}
	return -1;
}

/* An opening post laid out as its replies are (its author, date and
 * message in the same places: THREAD_SHAPE of their tag paths shared),
 * the replies in a list of their own after a wrapper of it, up to
 * ALIKE_WRAPS wrappers up, and named as comments (Vanilla boxes the first
 * post and lists the replies under a "Comments" heading, each an
 * li.ItemComment).  An article is not laid out as its readers' comments
 * are, so their naming does not rule the thread out here as it does
 * where the opening post is unlike the replies.  Into l, a and the
 * replies: the elements of a's shape in the items of the list that holds
 * the first element alike a.  False when there is none, or fewer than
 * THREAD_POSTS replies, or none named a comment. */
static bool
replies_alike(const struct dom *d, const struct metrics *m, int a, uint64_t *ph,
	      struct shapes *sp, struct level *l)
{
	int tries = ALIKE_TRIES, like = -1, q = d->parent[a];
	/* a's shape, unless the level's first gather left it there */
	if (sp->anchor_el != a) {
		shape_of(d, a, ph, &sp->anchor);
		sp->anchor_el = a;
	}
	for (int w = 0; w < ALIKE_WRAPS && like < 0 && q >= 0 && d->parent[q] >= 0; w++) {
		for (int g = d->next_sibling[q]; g >= 0 && like < 0 && tries >= 0; g = d->next_sibling[g])
			like = alike_in(d, m, a, g, ALIKE_BELOW, ph, sp, &tries);
		if (like < 0)
			q = d->parent[q];
	}
	if (like < 0)
		return false;
	int r = d->parent[thread_item(d, like)];
	if (r < 0)
		return false;
	l->nm = 0;
	gather(d, m, a, a, r, ph, sp, l);
	if (l->nm < THREAD_POSTS + 1 || !named_comment(d, d->parent[q], l)) {
		l->nm = 0;
		return false;
	}
	l->root = d->parent[q];
	return true;
}

/* Into l, a and the replies, where the first of g's elements of a's tag
 * levels below g that is laid out as own (THREAD_SHAPE of their tag
 * paths shared) has THREAD_POSTS others of its shape beside it; false,
 * l->nm 0, when none of them, up to *tries compared, has. */
static bool
within_at(const struct dom *d, const struct metrics *m, int a, int g, int levels,
	  const struct shape *own, uint64_t *ph, struct shapes *sp, struct level *l, int *tries)
{
	for (int x = d->first_child[g]; x >= 0 && *tries > 0; x = d->next_sibling[x]) {
		if (levels > 1) {
			if (within_at(d, m, a, x, levels - 1, own, ph, sp, l, tries))
				return true;
			continue;
		}
		if (d->tag[x] != d->tag[a] || text_of(m, x) == 0)
			continue;
		--*tries;
		double held;
		shape_of(d, x, ph, &sp->cur);
		if (shape_sim(own, &sp->cur, &held) < THREAD_SHAPE)
			continue;
		l->nm = 0;
		gather(d, m, a, x, d->parent[x], ph, sp, l);
		if (l->nm >= THREAD_POSTS + 1)
			return true;
	}
	l->nm = 0;
	return false;
}

/* The first of g's elements of a's tag with text, levels below g, that
 * has THREAD_POSTS others of its shape beside it (a list of replies that
 * are not laid out as a is: an opening post set apart); -1, l->nm 0,
 * when none of them, up to *tries gathered, has.  l: scratch. */
static int
listed_at(const struct dom *d, const struct metrics *m, int a, int g, int levels, uint64_t *ph,
	  struct shapes *sp, struct level *l, int *tries)
{
	for (int x = d->first_child[g]; x >= 0 && *tries > 0; x = d->next_sibling[x]) {
		if (levels > 1) {
			int r = listed_at(d, m, a, x, levels - 1, ph, sp, l, tries);
			if (r >= 0)
				return r;
			continue;
		}
		if (d->tag[x] != d->tag[a] || text_of(m, x) == 0)
			continue;
		--*tries;
		l->nm = 0;
		gather(d, m, a, x, d->parent[x], ph, sp, l);
		bool list = l->nm >= THREAD_POSTS + 1;
		l->nm = 0;
		if (list)
			return x;
	}
	return -1;
}

/* The replies in seed, the first element of a's tag after a, where seed
 * is their container: the first of seed's elements of a's tag, down to
 * THREAD_BELOW levels and the shallowest first, laid out as a is and
 * with THREAD_POSTS others of its shape beside it; at most ALIKE_TRIES
 * compared with a.  Into l, a and those.  False, l->nm 0, when there is
 * none. */
static bool
replies_within(const struct dom *d, const struct metrics *m, int a, int seed, uint64_t *ph,
	       struct shapes *sp, struct level *l)
{
	int tries = ALIKE_TRIES;
	struct shape own = { 0 };
	shape_of(d, a, ph, &own);
	bool found = false;
	for (int lev = 1; lev <= THREAD_BELOW && !found && tries > 0; lev++)
		found = within_at(d, m, a, seed, lev, &own, ph, sp, l, &tries);
	shape_free(&own);
	return found;
}

/* Fill l for ancestor a: its siblings of its shape, the message place,
 * and how many are posts.  sp: scratch. */
/* The one child element of e, of e's tag, where e holds no text of its
 * own (a wrapper of one); else -1. */
static int
wrapped(const struct dom *d, const struct metrics *m, int e)
{
	int only = d->first_child[e];
	if (only < 0 || d->next_sibling[only] >= 0 || d->tag[only] != d->tag[e] ||
	    text_of(m, only) != text_of(m, e))
		return -1;
	return only;
}

/* An opening post without the wrapper of one that each of l's members
 * is (an issue tracker's description, then each comment in a timeline
 * item of its own): the sibling of l's tag before the first member,
 * when every member wraps one element and the sibling is shaped as the
 * first member's is (THREAD_SHAPE).  It becomes member 0. */
static void
unwrapped_opening(const struct dom *d, const struct metrics *m, uint64_t *ph,
		  struct shapes *sp, struct level *l)
{
	if (l->nm < THREAD_POSTS || l->opening || l->alike || l->within)
		return;
	int c = dom_prev_sibling(d, l->mem[0]);
	while (c >= 0 && text_of(m, c) == 0)
		c = dom_prev_sibling(d, c);
	if (c < 0 || d->tag[c] != d->tag[l->mem[0]] || wrapped(d, m, c) >= 0)
		return;
	for (int k = 0; k < l->nm; k++)
		if (wrapped(d, m, l->mem[k]) < 0)
			return;
	double held;
	shape_of(d, wrapped(d, m, l->mem[0]), ph, &sp->anchor);
	shape_of(d, c, ph, &sp->cur);
	sp->anchor_el = -1;
	double sim = shape_sim(&sp->anchor, &sp->cur, &held);
	if (sim < THREAD_SHAPE)
		return;
	size_t cap = 1;
	while (cap < (size_t)l->nm + 1)
		cap *= 2;
	l->mem = xreallocarray(l->mem, cap, sizeof *l->mem);
	l->sim = xreallocarray(l->sim, cap, sizeof *l->sim);
	l->held = xreallocarray(l->held, cap, sizeof *l->held);
	l->like = xreallocarray(l->like, cap, sizeof *l->like);
	memmove(l->mem + 1, l->mem, (size_t)l->nm * sizeof *l->mem);
	memmove(l->sim + 1, l->sim, (size_t)l->nm * sizeof *l->sim);
	memmove(l->held + 1, l->held, (size_t)l->nm * sizeof *l->held);
	memmove(l->like + 1, l->like, (size_t)l->nm * sizeof *l->like);
	l->mem[0] = c;
	l->sim[0] = sim;
	l->held[0] = 0;
	l->like[0] = l->mem[1];
	l->nm++;
	l->unwrapped = true;
}

static void
level_eval(const struct dom *d, const struct metrics *m, const struct search *se, int a,
	   struct shapes *sp, struct level *l)
{
	const uint64_t *th = se->th;
	const uint8_t *tf = se->tf;
	uint64_t *ph = se->ph, *sh = se->sh, *tkey = se->tkey;
	int *words = se->words;
	memset(l, 0, sizeof *l);
	l->a = a;
	int p = d->parent[a];
	/* a's siblings of its shape, and those up to THREAD_BELOW levels
	 * down in another sibling (an opening post before a list of
	 * replies, in its wrappers) */
	gather(d, m, a, a, -1, ph, sp, l);
	/* An opening post unlike its replies (a title, tags and votes about
	 * its message), the replies in a list beside it: those alike each
	 * other, compared with the first of them.  THREAD_POSTS replies at
	 * least, and none named a comment (an article's readers' comments
	 * are listed so beside it). */
	int seed = l->nm < 2 ? first_alike(d, m, a, d->next_sibling[a], THREAD_BELOW + 1) : -1;
	/* Or the replies in a container of their own below a later sibling
	 * of the opening post's wrapper (a theme that sets the first post
	 * apart), as deep: not that sibling itself (a sort bar, a pager). */
	l->root = p;
	int listed = -1;
	if (l->nm < 2 && seed < 0 && d->parent[p] >= 0) {
		for (int g = d->next_sibling[p]; g >= 0 && seed < 0; g = d->next_sibling[g])
			if (d->tag[g] != d->tag[a])
				seed = first_alike(d, m, a, d->first_child[g], THREAD_BELOW);
		/* where that sibling is of a's tag too (a page of divs
		 * alone) and the wrapper holds a's text alone, the first of
		 * a list of alike replies in it, named as comments (below: a
		 * list of cards after an article is laid out so too) */
		int tries = text_of(m, p) == text_of(m, a) ? ALIKE_TRIES : 0;
		for (int g = d->next_sibling[p]; g >= 0 && seed < 0 && tries > 0; g = d->next_sibling[g])
			if (d->tag[g] == d->tag[a])
				for (int lev = 1; lev <= THREAD_BELOW && seed < 0 && tries > 0; lev++)
					listed = seed = listed_at(d, m, a, g, lev, ph, sp, l, &tries);
		if (seed >= 0)
			l->root = d->parent[p];
	}
	if (seed >= 0) {
		l->nm = 0;
		gather(d, m, a, seed, l->root != p ? d->parent[seed] : -1, ph, sp, l);
		/* or that first alike holds the replies, laid out as a is (a
		 * question's answers, in an element of the question's tag) */
		if (l->nm < THREAD_POSTS + 1 && l->root == p)
			l->within = replies_within(d, m, a, seed, ph, sp, l);
		bool named = l->nm >= THREAD_POSTS + 1 && named_comment(d, l->root, l);
		l->short_open = named ? short_opening(m, a, l) : 0;
		if (l->nm < THREAD_POSTS + 1 || (named && l->short_open == 0) ||
		    (listed >= 0 && !named)) {
			l->nm = 0;
			l->within = false;
		}
		l->opening = !l->within;
	}
	/* or replies laid out as it is, in a list apart, named as comments
	 * (an article's body is not laid out as its readers' comments are) */
	if (l->nm < 2 && replies_alike(d, m, a, ph, sp, l)) {
		l->alike = true;
		l->opening = false;
	}
	if (l->nm < 2)
		return;
	unwrapped_opening(d, m, ph, sp, l);
	int headers = 0;
	for (int k = 0; k < l->nm; k++)
		headers += dated_header(d, m, tf, l->mem[k]);
	l->headed = headers >= THREAD_POSTS;
	/* The message place: the deepest whose mean share of a post's
	 * words is at least THREAD_MESSAGE.  A post's words are its non-link
	 * text less its chrome: a short text with a digit (a date, a count,
	 * the post's number) and a text that stands at the same place in
	 * another post (a label, a button, a rank). */
	/* each non-link text's key (its text at its place), 0 for none;
	 * most texts are their own key */
	size_t ntexts = 0;
	for (int k = 0; k < l->nm; k++)
		ntexts += (size_t)(d->text_end[l->mem[k]] - d->text_begin[l->mem[k]]);
	struct holding *same = xmalloc((ntexts + 1) * sizeof *same);
	size_t nsame = 0;
	for (int k = 0; k < l->nm; k++) {
		int c = l->mem[k];
		places(d, c, sh);
		for (int t = d->text_begin[c]; t < d->text_end[c]; t++) {
			tkey[t] = 0;
			if (d->texts[t].flags & (TEXT_LINK | TEXT_SKIP) || m->tchars[t] == 0)
				continue;
			tkey[t] = mix(th[t], sh[d->texts[t].elem]) | 1;
			same[nsame++] = (struct holding){ tkey[t], (uint32_t)k, (uint32_t)t };
		}
	}
	uint8_t *held = se->count;
	count_holders(same, nsame, held);
	free(same);
	for (int k = 0; k < l->nm; k++) {
		int c = l->mem[k];
		for (int x = c; x < d->end[c]; x++)
			words[x] = 0;
		for (int t = d->text_begin[c]; t < d->text_end[c]; t++)
			if (tkey[t] && !(tf[t] & TF_META) && held[t] < 2)
				words[d->texts[t].elem] += m->tchars[t];
		for (int x = d->end[c] - 1; x > c; x--)
			words[d->parent[x]] += words[x];
	}
	/* the places, by their summed shares: each numbered as it comes */
	struct u64_ids place = { 0 };
	size_t nsums = 0, sumcap = 64;
	struct place_sum *sums = xmalloc(sumcap * sizeof *sums);
	int nw = 0;         /* the members with words: a "+1" has none */
	for (int k = 0; k < l->nm; k++) {
		int c = l->mem[k];
		places(d, c, sh);
		/* an unwrapped opening post's places are a level up */
		if (words[c] == 0 || (k == 0 && l->unwrapped))
			continue;
		nw++;
		for (int x = c; x < d->end[c]; x++) {
			if (words[x] == 0)
				continue;
			uint32_t at = u64_ids_add(&place, sh[x]);
			if (at == nsums) {
				if (nsums == sumcap) {
					sumcap *= 2;
					sums = xreallocarray(sums, sumcap, sizeof *sums);
				}
				sums[nsums++] = (struct place_sum){ 0, d->depth[x] - d->depth[c], x };
			}
			sums[at].share += (double)words[x] / words[c];
		}
	}
	u64_ids_free(&place);
	const struct place_sum *best = NULL;
	for (size_t i = 0; i < nsums; i++) {
		const struct place_sum *s = &sums[i];
		if (s->share < THREAD_MESSAGE * nw || (s->depth > 0 && !message_tag(d, s->rep)))
			continue;
		/* the deepest, then the largest share, then the first */
		if (!best || s->depth > best->depth ||
		    (s->depth == best->depth && (s->share > best->share ||
						 (s->share == best->share && s->rep < best->rep))))
			best = s;
	}
	l->msg = xmalloc((size_t)l->nm * sizeof *l->msg);
	l->own = xcalloc((size_t)l->nm, 1);
	int rep = best ? best->rep : -1, reproot = -1;
	for (int k = 0; k < l->nm && rep >= 0; k++)
		if (dom_contains(d, l->mem[k], rep))
			reproot = l->mem[k];
	l->share = best ? best->share / nw : 0;
	l->depth = best ? best->depth : 0;
	int *beside = xmalloc((size_t)l->nm * sizeof *beside);
	for (int k = 0; k < l->nm; k++) {
		int c = l->mem[k];
		bool moved = false;
		int root = k == 0 && l->unwrapped && reproot >= 0 ? wrapped(d, m, reproot) : reproot;
		l->msg[k] = rep >= 0 && root >= 0 && dom_contains(d, root, rep) ?
			    walk_place(d, m, se->tp, rep, root, c, &moved) : c;
		l->own[k] = moved ? 2 : 0;
		if (is_post(d, m, tf, c, l->msg[k], l->headed))
			beside[l->posts++] = text_of(m, c) - text_of(m, l->msg[k]);
	}
	/* the median post's text beside its message: an author panel's */
	if (l->posts > 0) {
		qsort(beside, (size_t)l->posts, sizeof *beside, int_cmp);
		l->panel = beside[l->posts / 2];
	}
	free(beside);
	/* A member whose place holds none of its own words, which are more
	 * than an author panel holds (an opening post laid out apart, its
	 * counts where the others have their message): its message is its
	 * own deepest place holding half of them.  Not an opening post
	 * unlike the replies, whose message thread_candidate finds around
	 * the anchor. */
	for (int k = 0; k < l->nm && rep >= 0; k++) {
		int c = l->mem[k];
		if (words[l->msg[k]] == 0 && words[c] > l->panel && !(l->opening && c == l->a)) {
			/* the post counted again with its message moved */
			l->posts -= is_post(d, m, tf, c, l->msg[k], l->headed);
			l->msg[k] = own_place(d, words, c);
			l->own[k] = 1;
			l->posts += is_post(d, m, tf, c, l->msg[k], l->headed);
		}
	}
	free(sums);
}

/* ---- replies nested in the posts they answer ---- */

/* Where a reply stands in a list inside the post it answers (lobste.rs,
 * Lemmy, old Reddit), a level's members are the top posts, each holding
 * its replies' subtrees, and a block of a reply is in no member's
 * message.  Then each member's descendants of its tag and shape are
 * posts too, and every post is the part of its member that holds the
 * message (the member's child on the way to it), so that the posts stand
 * apart, in page order, as elsewhere.  An opening post set apart from
 * the replies (old Reddit's link post over its comments) is kept whole,
 * with its message.  Whether l was so rewritten: only when the anchor
 * is in a part's message, or the opening post's, and no part holds
 * another member.  ph, sp: scratch. */
static bool
nest_replies(const struct dom *d, const struct metrics *m, const uint8_t *tf, const int *tp,
	     uint64_t *ph, struct shapes *sp, struct level *l, int self, int anchor)
{
	if (l->nm < 2 || l->depth < 2 || self >= l->nm)
		return false;
	/* an opening post set apart (l->opening) stays as it is, its
	 * message the one around the anchor; the replies' place is the
	 * first reply's */
	int open = l->opening ? self : -1, ref = self;
	if (open >= 0)
		ref = self == 0 ? 1 : 0;
	int rep = l->msg[ref], reproot = l->mem[ref];
	shape_of(d, reproot, ph, &sp->anchor);
	sp->anchor_el = reproot;
	int n = 0, cap = 2 * l->nm;
	int *mem = xmalloc((size_t)cap * sizeof *mem), *like = xmalloc((size_t)cap * sizeof *like);
	double *sim = xmalloc((size_t)cap * sizeof *sim), *held = xmalloc((size_t)cap * sizeof *held);
	int opening = -1;           /* the opening post's number in mem */
	for (int k = 0; k < l->nm; k++) {
		int c = l->mem[k];
		if (k == open)
			opening = n;
		for (int x = c; x < (k == open ? c + 1 : d->end[c]); x++) {
			double s = l->sim[k], h = l->held[k];
			if (x != c) {
				if (d->tag[x] != d->tag[c] || text_of(m, x) == 0)
					continue;
				shape_of(d, x, ph, &sp->cur);
				s = shape_sim(&sp->anchor, &sp->cur, &h);
				if (s >= THREAD_SHAPE)
					h = 0;
				else if (h < THREAD_HELD)
					continue;
			}
			if (n == cap) {
				cap *= 2;
				mem = xreallocarray(mem, (size_t)cap, sizeof *mem);
				like = xreallocarray(like, (size_t)cap, sizeof *like);
				sim = xreallocarray(sim, (size_t)cap, sizeof *sim);
				held = xreallocarray(held, (size_t)cap, sizeof *held);
			}
			mem[n] = x;
			like[n] = x == c ? l->like[k] : reproot;
			sim[n] = s;
			held[n++] = h;
		}
	}
	int *msg = xmalloc((size_t)n * sizeof *msg), *part = xmalloc((size_t)n * sizeof *part);
	bool ok = n > l->nm, in = false;
	int w = 0;
	for (int i = 0; i < n && ok; i++) {
		if (i == opening) {
			in |= dom_contains(d, l->msg[open], anchor);
			mem[w] = mem[i];
			like[w] = like[i];
			sim[w] = sim[i];
			held[w] = held[i];
			msg[w] = l->msg[open];
			part[w++] = mem[i];
			continue;
		}
		int mi = mem[i], pi = walk_place(d, m, tp, rep, reproot, mi, NULL), mg = pi;
		while (pi != mi && d->parent[pi] != mi)
			pi = d->parent[pi];
		/* a reply with no message of its own, no child with text on
		 * the way to the place (a board hides one rated down, the
		 * replies to it still under it), is no post; a top post must
		 * have one (the top posts are l's members, in page order) */
		if (pi == mi && !bsearch(&mi, l->mem, (size_t)l->nm, sizeof *l->mem, int_cmp))
			continue;
		ok = pi != mi;
		/* a part holds no member: the next members are its
		 * member's own descendants, before the part or after it */
		for (int j = i + 1; ok && j < n && mem[j] < d->end[mi]; j++)
			ok = !(mem[j] >= pi && mem[j] < d->end[pi]);
		in |= ok && dom_contains(d, mg, anchor);
		mem[w] = mi;
		like[w] = like[i];
		sim[w] = sim[i];
		held[w] = held[i];
		msg[w] = mg;
		part[w++] = pi;
	}
	n = w;
	ok = ok && in && n > l->nm;
	if (ok) {
		/* the likes as parts, so that each names a post: each like is
		 * a member, and mem is in page order (element numbers) */
		for (int i = 0; i < n; i++) {
			const int *j = bsearch(&like[i], mem, (size_t)n, sizeof *mem, int_cmp);
			if (j)
				like[i] = part[j - mem];
		}
		int *beside = xmalloc((size_t)n * sizeof *beside);
		l->posts = 0;
		for (int i = 0; i < n; i++)
			if (is_post(d, m, tf, part[i], msg[i], false))
				beside[l->posts++] = text_of(m, part[i]) - text_of(m, msg[i]);
		if (l->posts > 0) {
			qsort(beside, (size_t)l->posts, sizeof *beside, int_cmp);
			l->panel = beside[l->posts / 2];
		}
		free(beside);
		free(l->mem);
		free(l->msg);
		free(l->like);
		free(l->sim);
		free(l->held);
		free(l->own);
		l->own = xcalloc((size_t)n, 1);
		l->mem = part;
		l->msg = msg;
		l->like = like;
		l->sim = sim;
		l->held = held;
		l->depth--;
		l->nested = n - l->nm;
		l->nm = n;
		free(mem);
		return true;
	}
	free(mem);
	free(like);
	free(sim);
	free(held);
	free(msg);
	free(part);
	return false;
}

/* ---- signatures set off in the message ---- */

/* Whether text node x is a signature's delimiter line: underscores only,
 * THREAD_SIG_RULE of them or more (phpBB's and vBulletin's
 * "_________________"). */
static bool
sig_rule(const struct dom *d, int x)
{
	const char *s = dom_text(d, x);
	size_t n = d->texts[x].len, k = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '_')
			k++;
		else if (!isspace((unsigned char)s[i]))
			return false;
	}
	return k >= THREAD_SIG_RULE;
}

/* A signature at the end of message msg: what follows its last <hr> or
 * underscore line, when that is short (at most THREAD_SIG_CHARS, and
 * under half of the message), is left out, the line with it. */
static void
mark_signature(const struct dom *d, const struct metrics *m, const uint8_t *tf, int msg,
	       struct thread *t)
{
	int from = -1;      /* the first text node of the tail */
	for (int e = msg + 1; e < d->end[msg]; e++)
		if (!strcmp(d->tagnames[d->tag[e]], "hr"))
			from = d->text_begin[e];
	for (int x = d->text_begin[msg]; x < d->text_end[msg]; x++)
		if (x >= from && (tf[x] & TF_RULE))
			from = x;
	if (from < 0)
		return;
	long tail = 0, all = 0;
	for (int x = d->text_begin[msg]; x < d->text_end[msg]; x++) {
		all += m->tchars[x];
		if (x >= from)
			tail += m->tchars[x];
	}
	if (tail == 0 || tail > THREAD_SIG_CHARS || 2 * tail >= all)
		return;
	if (!t->text_repeat)
		t->text_repeat = xcalloc((size_t)d->ntexts + 1, 1);
	for (int x = from; x < d->text_end[msg]; x++)
		t->text_repeat[x] = 1;
}

/* ---- repeats: the same text at the same place in two posts ---- */

static void
mark_repeats(const struct dom *d, const struct metrics *m, const struct search *se,
	     const int *block, int nb, struct thread *t)
{
	const uint64_t *th = se->th;
	const uint8_t *tf = se->tf;
	uint64_t *sh = se->sh;
	struct holding *v = xmalloc(((size_t)(nb > d->ntexts ? nb : d->ntexts) + 1) * sizeof *v);
	size_t nv = 0;
	uint8_t *count = se->count;
	/* each post's message characters, and those of its repeats; each
	 * holding's characters */
	long *all = xcalloc((size_t)t->nposts + 1, sizeof *all);
	long *rep = xcalloc((size_t)t->nposts + 1, sizeof *rep);
	int *held_chars = xmalloc(((size_t)nb + 1) * sizeof *held_chars);
	for (int i = 0; i < t->nposts; i++)
		places(d, t->post[i], sh);
	int at = 0;
	for (int j = 0; j < nb; j++) {
		int b = block[j], i = thread_post_next(d, t, &at, b);
		if (i < 0 || !dom_contains(d, t->msg[i], b))
			continue;
		uint64_t h = SEED;
		int chars = 0;
		for (int x = d->text_begin[b]; x < d->text_end[b]; x++)
			if (d->texts[x].block == b && m->tchars[x] > 0) {
				h = mix(h, th[x]);
				chars += m->tchars[x];
			}
		all[i] += chars;
		if (chars < THREAD_REPEAT_CHARS)
			continue;
		held_chars[nv] = chars;
		v[nv++] = (struct holding){ mix(h, sh[b]) | 1, (uint32_t)i, (uint32_t)j };
	}
	count_holders(v, nv, count);
	int bq = dom_tag_id(d, "blockquote");
	for (size_t k = 0; k < nv; k++)
		if (count[v[k].where] >= 2) {
			int b = block[v[k].where], msg = t->msg[v[k].holder], x = b;
			t->repeat[b] = count[v[k].where];
			/* a quotation is another's words: the poster's own
			 * are the ones posted twice */
			while (x != msg && d->tag[x] != bq)
				x = d->parent[x];
			if (x == msg)
				rep[v[k].holder] += held_chars[k];
		}
	/* A message whose words stand at the same place in another post,
	 * nearly whole (THREAD_HELD of it) and longer than any signature,
	 * is a message posted twice, not a signature: its blocks are no
	 * repeats, and the later copy goes as a duplicate of the first. */
	uint8_t *posted_twice = xcalloc((size_t)d->n + 1, 1);
	for (size_t k = 0; k < nv; k++) {
		int b = block[v[k].where], i = (int)v[k].holder;
		if (t->repeat[b] && rep[i] > THREAD_SIG_CHARS &&
		    rep[i] >= THREAD_HELD * (double)all[i]) {
			t->repeat[b] = 0;
			posted_twice[b] = 1;
		}
	}
	free(all);
	free(rep);
	free(held_chars);

	/* and text by text: a signature set in the message's own block
	 * (after an <hr> or a "____" line in the message cell) */
	nv = 0;
	for (int i = 0; i < t->nposts; i++)
		for (int x = d->text_begin[t->msg[i]]; x < d->text_end[t->msg[i]]; x++)
			if (m->tchars[x] >= THREAD_REPEAT_CHARS && !posted_twice[d->texts[x].block])
				v[nv++] = (struct holding){ mix(th[x], sh[d->texts[x].elem]) | 1,
							    (uint32_t)i, (uint32_t)x };
	count_holders(v, nv, count);
	for (size_t k = 0; k < nv; k++)
		if (count[v[k].where] >= 2) {
			if (!t->text_repeat)
				t->text_repeat = xcalloc((size_t)d->ntexts + 1, 1);
			t->text_repeat[v[k].where] = 1;
		}
	free(v);
	free(posted_twice);
	for (int i = 0; i < t->nposts; i++)
		mark_signature(d, m, tf, t->msg[i], t);
}

/* ---- the thread ---- */

/* Whether c holds a heading that links to another page, or is inside
 * such a link: a card's title over its teaser, which a post's message is
 * not (a post's own heading links to the post, "#p123").  tags: the
 * page's ids of h1..h6, then of a (negative where the page has none). */
static bool
linked_heading(const struct dom *d, int c, const int *tags)
{
	for (int x = c; x < d->end[c]; x++) {
		if (d->tag[x] != tags[6])
			continue;
		const char *href = dom_attr(d, x, "href");
		if (!href || href[0] == '#')
			continue;
		for (int y = x; y >= 0 && y != d->parent[c]; y = d->parent[y])
			for (int h = 0; h < 6; h++)
				if (d->tag[y] == tags[h])
					return true;
		for (int z = x + 1; z < d->end[x]; z++)
			for (int h = 0; h < 6; h++)
				if (d->tag[z] == tags[h])
					return true;
	}
	return false;
}

static uint64_t
text_hash(const struct dom *d, const uint64_t *th, int e)
{
	uint64_t h = SEED;
	for (int x = d->text_begin[e]; x < d->text_end[e]; x++) {
		uint64_t v = th[x];
		if (v)
			h = mix(h, v);
	}
	return h;
}

/* The thread a kept block at anchor would be found in, all but what
 * depends on the decision (kept_in, kept_all): the posts, messages and
 * repeats; false when no level of anchor's ancestors holds posts whose
 * messages differ. */
static bool
thread_candidate(const struct dom *d, const struct metrics *m, const struct thread_cache *tc,
		 const int *block, int nb, int anchor, struct thread *t)
{
	thread_free(t);
	const uint8_t *tf = tc->text_facts;
	size_t n = (size_t)d->n + 1, nt = (size_t)d->ntexts + 1;
	struct search se = {
		.th = tc->text_hash, .tf = tf, .tp = tc->text_pos,
		.ph = xmalloc(n * sizeof *se.ph), .sh = xmalloc(n * sizeof *se.sh),
		.tkey = xmalloc(nt * sizeof *se.tkey), .words = xmalloc(n * sizeof *se.words),
		.count = xmalloc(n > nt ? n : nt),
	};
	struct shapes sp;
	memset(&sp, 0, sizeof sp);
	struct level best = { 0 };
	static const char *const names[] = { "h1", "h2", "h3", "h4", "h5", "h6", "a" };
	int tags[7];
	for (int h = 0; h < 7; h++)
		tags[h] = dom_tag_id(d, names[h]);
	for (int a = anchor; a >= 0 && d->parent[a] >= 0 && a != d->body; a = d->parent[a]) {
		int p = d->parent[a];
		struct level l;
		level_eval(d, m, &se, a, &sp, &l);
		int self = 0;
		while (self < l.nm && l.mem[self] != a)
			self++;
		/* an opening post unlike its replies has its message where
		 * the replies' is deep, around the anchor: the element there,
		 * or the nearest container above it (a message_tag), also
		 * where the walk took an element in the post that holds all
		 * its text for its message (old Reddit's link post, alone in
		 * a list of its own); the posts are counted again with it */
		/* (its message is the one around the anchor, however the
		 * walk found it: not one moved past a title) */
		if (l.opening && self < l.nm && l.own && l.own[self] == 2)
			l.own[self] = 0;
		if (l.opening && self < l.nm && (!dom_contains(d, l.msg[self], anchor) ||
						  (l.msg[self] != a &&
						   text_of(m, l.msg[self]) == text_of(m, a)))) {
			int e = anchor;
			while (e >= 0 && d->depth[e] > d->depth[a] + l.depth)
				e = d->parent[e];
			while (e >= 0 && e != a && !message_tag(d, e))
				e = d->parent[e];
			if (e >= 0 && e != a) {
				l.msg[self] = e;
				l.posts = 0;
				for (int k = 0; k < l.nm; k++)
					l.posts += is_post(d, m, tf, l.mem[k], l.msg[k], l.headed);
			}
		}
		/* replies nested in the posts they answer: every post's part
		 * that holds its message */
		if (nest_replies(d, m, tf, se.tp, se.ph, &sp, &l, self, anchor)) {
			self = 0;
			while (self < l.nm && !dom_contains(d, l.mem[self], anchor))
				self++;
		}
		/* the anchor is in the message of a post */
		bool apart = l.root != p || l.within;
		bool ok = l.nm >= 2 && self < l.nm && opening_post(d, m, tf, &l, self) &&
			  dom_contains(d, l.msg[self], anchor) && l.posts >= THREAD_POSTS &&
			  3 * l.posts >= l.nm && l.panel <= THREAD_PANEL_CHARS;
		/* messages that are mostly code are a reference's entries
		 * (a function, its signature, its example), not posts */
		if (ok) {
			long code = 0, all = 0;
			for (int k = 0; k < l.nm; k++)
				for (int x = d->text_begin[l.msg[k]]; x < d->text_end[l.msg[k]]; x++) {
					all += m->tchars[x];
					code += tf[x] & TF_CODE ? m->tchars[x] : 0;
				}
			ok = 2 * code < all;
		}
		/* replies apart that are cards under their titles are a
		 * listing's, after its first card */
		if (ok && apart) {
			int cards = 0;
			for (int k = 0; k < l.nm; k++)
				cards += linked_heading(d, l.mem[k], tags);
			ok = 2 * cards < l.nm;
		}
		if (ok && l.posts > best.posts) {
			level_free(&best);
			best = l;
		} else {
			level_free(&l);
		}
	}
	shapes_free(&sp);
	bool found = false;
	if (best.posts >= THREAD_POSTS) {
		t->post = xmalloc((size_t)best.nm * sizeof *t->post);
		t->msg = xmalloc((size_t)best.nm * sizeof *t->msg);
		t->sim = xmalloc((size_t)best.nm * sizeof *t->sim);
		t->held = xmalloc((size_t)best.nm * sizeof *t->held);
		t->like = xmalloc((size_t)best.nm * sizeof *t->like);
		t->own = xmalloc((size_t)best.nm);
		for (int k = 0; k < best.nm; k++)
			if (opening_post(d, m, tf, &best, k)) {
				t->post[t->nposts] = best.mem[k];
				t->msg[t->nposts] = best.msg[k];
				t->like[t->nposts] = best.like[k];
				t->own[t->nposts] = best.own[k];
				t->held[t->nposts] = best.held[k];
				t->sim[t->nposts++] = best.sim[k];
				if (dom_contains(d, best.mem[k], anchor))
					t->anchor_post = t->nposts - 1;
			}
		t->members = best.nm;
		t->nested = best.nested;
		t->opening = best.opening;
		t->apart = best.root != d->parent[best.a] || best.within;
		t->alike = best.alike;
		t->within = best.within;
		t->short_open = best.short_open;
		t->headed = best.headed;
		t->container = best.root;
		t->anchor = anchor;
		t->share = best.share;
		t->msg_depth = best.depth;
		/* the posts' messages are not one text repeated */
		uint64_t h0 = text_hash(d, se.th, t->msg[0]);
		for (int i = 1; i < t->nposts && !found; i++)
			found = text_hash(d, se.th, t->msg[i]) != h0;
	}
	level_free(&best);
	if (found) {
		t->repeat = xcalloc((size_t)d->n + 1, 1);
		mark_repeats(d, m, &se, block, nb, t);
	} else {
		thread_free(t);
	}
	free(se.ph);
	free(se.sh);
	free(se.tkey);
	free(se.words);
	free(se.count);
	return found;
}

static void *
copy_of(const void *p, size_t n)
{
	return p ? memcpy(xmalloc(n + 1), p, n) : NULL;
}

void
thread_cache_init(struct thread_cache *c)
{
	memset(c, 0, sizeof *c);
	for (int k = 0; k < THREAD_CACHE_ANCHORS; k++) {
		c->slot[k].anchor = -1;
		thread_init(&c->slot[k].cand);
	}
}

void
thread_cache_free(struct thread_cache *c)
{
	for (int k = 0; k < THREAD_CACHE_ANCHORS; k++)
		thread_free(&c->slot[k].cand);
	free(c->text_hash);
	free(c->text_facts);
	free(c->text_pos);
	thread_cache_init(c);
}

/* Per element, IN_TITLE when it is a heading (h1..h6) or a term (dt)
 * (IN_TERM too), or
 * inside one, IN_CODE a pre or code element or inside one. */
enum { IN_TITLE = 1, IN_CODE = 2, IN_TERM = 4 };
static uint8_t *
inside(const struct dom *d)
{
	static const char *const names[] = { "h1", "h2", "h3", "h4", "h5", "h6", "dt", "pre",
					      "code" };
	uint8_t *is = xcalloc((size_t)d->ntags + 1, 1), *in = xcalloc((size_t)d->n + 1, 1);
	for (size_t h = 0; h < sizeof names / sizeof *names; h++) {
		int t = dom_tag_id(d, names[h]);
		if (t >= 0)     /* names[6] is dt */
			is[t] = h < 6 ? IN_TITLE : h == 6 ? IN_TITLE | IN_TERM : IN_CODE;
	}
	for (int e = 0; e < d->n; e++)
		in[e] = (uint8_t)(is[d->tag[e]] | (d->parent[e] >= 0 ? in[d->parent[e]] : 0));
	free(is);
	return in;
}

/* The slot of anchor in c, searched from now if it was not there. */
static struct thread_cached *
cached(const struct dom *d, const struct metrics *m, const int *block, int nb, int anchor,
       struct thread_cache *c)
{
	struct thread_cached *s = &c->slot[0];
	for (int k = 0; k < THREAD_CACHE_ANCHORS; k++) {
		struct thread_cached *x = &c->slot[k];
		if (x->anchor == anchor) {
			x->used = ++c->clock;
			return x;
		}
		if (x->used < s->used)
			s = x;
	}
	if (!c->text_hash) {
		/* what the search asks of every text node, once for the page */
		size_t nt = (size_t)d->ntexts + 1;
		c->text_hash = xmalloc(nt * sizeof *c->text_hash);
		c->text_facts = xmalloc(nt);
		uint8_t *in = inside(d);
		for (int x = 0; x < d->ntexts; x++) {
			c->text_hash[x] = site_text_hash(d, x);
			/* a digit in a heading numbers a section, it
			 * dates no post ("02 Email sync"); in a term
			 * it names one (a reference's "u16_check",
			 * each entry a dt over its dd, as alike as
			 * posts): a forum's lists of figures set the
			 * label in the dt, the figure in the dd
			 * ("Posts:" 14); but a date or a time in a term
			 * dates its entry (dated_text: a board's dt over
			 * each post's dd, "1 : Anonymous : 2024/03/11
			 * 18:40:07 ID:Ab3dE9") */
			uint8_t is = in[d->texts[x].elem];
			bool digit = digit_runs(d, x, 1) &&
				     (!(is & IN_TITLE) ||
				      ((is & IN_TERM) && !(is & IN_CODE) && dated_text(d, x)));
			c->text_facts[x] = (uint8_t)((digit ? TF_DIGIT : 0) |
						     (digit && m->tchars[x] <= THREAD_META_CHARS ? TF_META : 0) |
						     (sig_rule(d, x) ? TF_RULE : 0) |
						     (in[d->texts[x].elem] & IN_CODE &&
						      !(d->texts[x].flags & TEXT_PROSE) ? TF_CODE : 0));
		}
		free(in);
		c->text_pos = text_positions(d, m);
	}
	s->ok = thread_candidate(d, m, c, block, nb, anchor, &s->cand);
	s->anchor = anchor;
	s->used = ++c->clock;
	c->searches++;
	return s;
}

/* The largest block the method kept (content), outside element out
 * unless out is -1; -1 for none. */
static int
largest_kept(const struct dom *d, const int *block, const int *chars, int nb,
	     const uint8_t *content, int out)
{
	int at = -1, most = 0;
	for (int j = 0; j < nb; j++)
		if (content[block[j]] && chars[j] > most &&
		    (out < 0 || !dom_contains(d, out, block[j]))) {
			most = chars[j];
			at = block[j];
		}
	return at;
}

/* Whether element e (at or after the posts before *at) is in a post's
 * message.  The posts stand apart (a nested reply's post is the part of
 * its element that holds its message), so one post at most holds e. */
static bool
in_message(const struct dom *d, const struct thread *t, int *at, int e)
{
	int k = thread_post_next(d, t, at, e);
	return k >= 0 && t->msg[k] <= e && e < d->end[t->msg[k]];
}

/* Whether the posts' messages hold THREAD_KEPT of what the method kept:
 * the thread stage keeps those alone, and a page whose kept text lies
 * in an opening post's other blocks is an article over a list of cards
 * shaped as posts (its message one of the article's sections).  A
 * refusal is noted in cache for the stage's line. */
static bool
messages_hold(const struct dom *d, const int *block, const int *chars, int nb,
	      const uint8_t *content, const struct thread *t, struct thread_cache *cache)
{
	long in = 0;
	int at = 0;
	for (int j = 0; j < nb; j++)
		if (content[block[j]] && in_message(d, t, &at, block[j]))
			in += chars[j];
	if (in >= THREAD_KEPT * (double)t->kept_all)
		return true;
	cache->refused_posts = t->nposts;
	cache->refused_opening = t->opening;
	cache->refused_msg = in;
	cache->refused_kept = t->kept_all;
	return false;
}

bool
thread_find(const struct dom *d, const struct metrics *m, const int *block,
	    const int *chars, int nb, const uint8_t *content, struct thread *t,
	    struct thread_cache *cache)
{
	int anchor = largest_kept(d, block, chars, nb, content, -1);
	struct thread_cache local;
	if (!cache) {
		thread_cache_init(&local);
		cache = &local;
	}
	cache->refused_posts = 0;
	bool found = thread_find_from(d, m, block, chars, nb, content, anchor, t, cache) &&
		     messages_hold(d, block, chars, nb, content, t, cache);
	/* posts found from the largest kept block that hold too little of
	 * what the method kept: a reply's, whose list leaves out the
	 * opening post the method kept above it (a question over its list
	 * of answers).  The search starts again, once, from the largest
	 * kept block outside that list. */
	const struct thread_cached *first = !found && anchor >= 0 ?
					    cached(d, m, block, nb, anchor, cache) : NULL;
	if (first && first->ok) {
		int list = first->cand.container;
		int again = largest_kept(d, block, chars, nb, content, list);
		if (again >= 0 &&
		    (found = thread_find_from(d, m, block, chars, nb, content, again, t, cache) &&
			     messages_hold(d, block, chars, nb, content, t, cache)))
			t->first_list = list;
	}
	if (!found)
		thread_free(t);
	if (cache == &local)
		thread_cache_free(&local);
	return found;
}

bool
thread_find_from(const struct dom *d, const struct metrics *m, const int *block,
		 const int *chars, int nb, const uint8_t *content, int anchor,
		 struct thread *t, struct thread_cache *cache)
{
	thread_free(t);
	if (anchor < 0)
		return false;
	long kept = 0;
	for (int j = 0; j < nb; j++)
		kept += content[block[j]] ? chars[j] : 0;
	struct thread_cache local;
	if (!cache) {
		thread_cache_init(&local);
		cache = &local;
	}
	const struct thread_cached *s = cached(d, m, block, nb, anchor, cache);
	bool found = false;
	if (s->ok) {
		const struct thread *c = &s->cand;
		long kept_in = 0;
		int at = 0;
		for (int j = 0; j < nb; j++)
			if (content[block[j]] && thread_post_next(d, c, &at, block[j]) >= 0)
				kept_in += chars[j];
		found = kept_in >= THREAD_KEPT * (double)kept;
		if (found) {
			size_t np = (size_t)c->nposts;
			*t = *c;
			t->post = copy_of(c->post, np * sizeof *c->post);
			t->msg = copy_of(c->msg, np * sizeof *c->msg);
			t->sim = copy_of(c->sim, np * sizeof *c->sim);
			t->held = copy_of(c->held, np * sizeof *c->held);
			t->like = copy_of(c->like, np * sizeof *c->like);
			t->own = copy_of(c->own, np);
			t->repeat = copy_of(c->repeat, (size_t)d->n + 1);
			t->text_repeat = copy_of(c->text_repeat, (size_t)d->ntexts + 1);
			t->kept_in = kept_in;
			t->kept_all = kept;
		}
	}
	if (cache == &local)
		thread_cache_free(&local);
	return found;
}

int
thread_post_of(const struct dom *d, const struct thread *t, int e)
{
	return dom_item_of(d, t->post, t->nposts, e);
}

int
thread_post_next(const struct dom *d, const struct thread *t, int *at, int e)
{
	int i = *at;
	while (i < t->nposts && d->end[t->post[i]] <= e)
		i++;
	*at = i;
	return i < t->nposts && t->post[i] <= e ? i : -1;
}
