/* auto-signals.c - per-block signals for the auto method. */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "method/auto-signals.h"
#include "words.h"
#include "method/cc-decide.h"

const char *const feature_names[F_COUNT] = {
#define F_NAME(id, name, what, zero, fn) name,
	FEATURES(F_NAME)
#undef F_NAME
};

const char *const feature_meanings[F_COUNT] = {
#define F_WHAT(id, name, what, zero, fn) what,
	FEATURES(F_WHAT)
#undef F_WHAT
};

const char *const feature_zero_meanings[F_COUNT] = {
#define F_ZERO(id, name, what, zero, fn) zero,
	FEATURES(F_ZERO)
#undef F_ZERO
};

static const char *const neg_words[] = {
	"share", "social", "related", "footer", "nav", "menu",
	"sidebar", "widget", "promo", "advert", "banner", "newsletter",
	"subscribe", "cookie", "breadcrumb", "tags", "popup", "modal",
	"recommend", "trending", "outbrain", "taboola", "signup",
	"login", "toolbar", "pagination", "masthead", "sponsor", "byline",
	"author", "rating", "copyright", "legal",
};

/* Image captions and credits: text about a picture, not the story. */
static const char *const caption_words[] = { "caption", "credit" };
static const char *const caption_tags[] = { "figure", "figcaption" };

/* Reader comments: the boilerplate most like an article. */
static const char *const comment_words[] = {
	"comment", "reply", "respond", "disqus", "discussion",
};

static const char *const pos_words[] = {
	"article", "content", "post", "entry", "story", "body", "text",
	"main", "blog", "news",
};

enum { W_NEG = 1, W_POS = 2, W_COMMENT = 4, W_CAPTION = 8, W_THREAD = 16 };

/* A container that names itself a forum thread. */
static const char *const thread_words[] = { "thread", "topic", "forum" };

/* The five lists as one, for one pass over an id or class value (its
 * first 255 bytes, any case): list[k] holds the bits of the list W_* bit
 * k names. */
struct word_lists {
	const char *words[64];
	uint64_t list[5];
	struct word_memo *memo;
	struct word_finder comment;     /* comment_words alone (names_comments) */
};

static void
add_list(struct word_lists *w, int *n, int which, const char *const *list, size_t k)
{
	for (size_t i = 0; i < k; i++) {
		w->list[which] |= 1ull << *n;
		w->words[(*n)++] = list[i];
	}
}

#define ADD_LIST(w, n, which, list) add_list(w, n, which, list, sizeof list / sizeof list[0])

static void
word_lists_init(struct word_lists *w)
{
	memset(w, 0, sizeof *w);
	_Static_assert(sizeof neg_words / sizeof neg_words[0] + sizeof pos_words / sizeof pos_words[0] +
		       sizeof comment_words / sizeof comment_words[0] +
		       sizeof caption_words / sizeof caption_words[0] +
		       sizeof thread_words / sizeof thread_words[0] <= 64, "a finder holds 64 words");
	int n = 0;
	ADD_LIST(w, &n, 0, neg_words);
	ADD_LIST(w, &n, 1, pos_words);
	ADD_LIST(w, &n, 2, comment_words);
	ADD_LIST(w, &n, 3, caption_words);
	ADD_LIST(w, &n, 4, thread_words);
	w->memo = word_memo_new(w->words, n, 255);
	word_finder_init(&w->comment, comment_words,
			 (int)(sizeof comment_words / sizeof comment_words[0]));
}

/* Which word lists the value s holds (W_*); NULL holds none. */
static uint8_t
word_lists_of(struct word_lists *w, const char *s)
{
	uint64_t found = word_memo_scan(w->memo, s);
	uint8_t bits = 0;
	for (int l = 0; l < 5; l++)     /* W_NEG, W_POS, W_COMMENT, ... in list order */
		if (found & w->list[l])
			bits |= (uint8_t)(1u << l);
	return bits;
}

/* Whether s names a box of comments: a token of it holds a comment word
 * and does not say a state of the element it is on, "has-comments",
 * "no-comments", "with-replies" (a post that has comments below it is
 * not one).  Only where the value holds a comment word at all
 * (word_lists_of); the tokens are looked for in w->comment, which reads
 * them in place, not in the memo, which keeps the values it saw. */
static bool
names_comments(const struct word_lists *w, const char *s)
{
	static const char *const state[] = { "has", "no", "with", "without" };
	const char *tok;
	size_t n;
	while (s && dom_next_token(&s, &tok, &n)) {
		if (!word_finder_scan(&w->comment, tok, n))
			continue;
		bool is_state = false;
		for (size_t i = 0; i < sizeof state / sizeof state[0] && !is_state; i++) {
			size_t m = strlen(state[i]);
			is_state = n > m && !strncasecmp(tok, state[i], m) &&
				   (tok[m] == '-' || tok[m] == '_');
		}
		if (!is_state)
			return true;
	}
	return false;
}

static bool
is_tag(const char *t, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t, list[i]))
			return true;
	return false;
}

#define IS_TAG(t, list) is_tag(t, list, sizeof list / sizeof list[0])

static bool
is_sentence_punct(uint32_t cp)
{
	switch (cp) {
	case '.': case ',': case ';': case ':': case '!': case '?':
	case 0x3002: case 0xFF0C: case 0x3001: case 0xFF01: case 0xFF1F:
	case 0x06D4: case 0x060C: case 0x061F: case 0x0F0D: case 0x0F0E:
		return true;
	default:
		return false;
	}
}

/* ASCII's share of is_sentence_punct (1) and uc_is_white (2): most of a
 * page's characters are looked up here rather than in the two switches. */
static const uint8_t ascii_class[128] = {
	['.'] = 1, [','] = 1, [';'] = 1, [':'] = 1, ['!'] = 1, ['?'] = 1,
	['\t'] = 2, ['\n'] = 2, ['\v'] = 2, ['\f'] = 2, ['\r'] = 2, [' '] = 2,
};

/* ---- a set of word hashes, for JSON-LD articleBody ---- */

uint64_t
word_hash(const unsigned char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint64_t)tolower(s[i])) * 1099511628211ull;
	return h ? h : 1;
}

void
wordset_add(struct wordset *w, uint64_t h)
{
	if ((w->n + 1) * 2 > w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 1024;
		uint64_t *ns = xcalloc(ncap, sizeof *ns);
		for (size_t i = 0; i < w->cap; i++)
			if (w->slot[i]) {
				size_t j = w->slot[i] & (ncap - 1);
				while (ns[j])
					j = (j + 1) & (ncap - 1);
				ns[j] = w->slot[i];
			}
		free(w->slot);
		w->slot = ns;
		w->cap = ncap;
	}
	size_t j = h & (w->cap - 1);
	while (w->slot[j] && w->slot[j] != h)
		j = (j + 1) & (w->cap - 1);
	if (!w->slot[j]) {
		w->slot[j] = h;
		w->n++;
	}
}

bool
wordset_has(const struct wordset *w, uint64_t h)
{
	if (!w->cap)
		return false;
	size_t j = h & (w->cap - 1);
	while (w->slot[j]) {
		if (w->slot[j] == h)
			return true;
		j = (j + 1) & (w->cap - 1);
	}
	return false;
}

void
wordset_free(struct wordset *w)
{
	free(w->slot);
	memset(w, 0, sizeof *w);
}

/* Call fn for every word of s: a run of letters or digits; a CJK
 * character is a word of its own. */
void
each_word(const char *s, size_t n, word_fn fn, void *arg)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, start = 0;
	bool in = false;
	while (i < n) {
		uint32_t cp;
		size_t k = u[i] < 0x80 ? (cp = u[i], 1) : utf8_decode(u + i, n - i, &cp);
		bool cjk = cp >= 0x3040 && cp <= 0x9FFF;
		bool letter = cp >= 0x80 ? !uc_is_white(cp) && !is_sentence_punct(cp) && !cjk
					 : isalnum((int)cp);
		if (in && (!letter || cjk)) {
			fn(u + start, i - start, arg);
			in = false;
		}
		if (cjk)
			fn(u + i, k, arg);
		else if (letter && !in) {
			in = true;
			start = i;
		}
		i += k;
	}
	if (in)
		fn(u + start, n - start, arg);
}

static void
add_word(const unsigned char *w, size_t n, void *arg)
{
	wordset_add(arg, word_hash(w, n));
}

struct overlap {
	const struct wordset *set;
	int total, hit;
};

static void
count_word(const unsigned char *w, size_t n, void *arg)
{
	struct overlap *o = arg;
	o->total++;
	o->hit += wordset_has(o->set, word_hash(w, n));
}

/* The JSON-LD articleBody string, unescaped enough for word matching. */
static bool
jsonld_body(const struct dom *d, struct buf *out)
{
	for (int t = 0; t < d->ntexts; t++) {
		if (!(d->texts[t].flags & TEXT_SKIP))
			continue;
		const char *s = strstr(dom_text(d, t), "\"articleBody\"");
		if (!s)
			continue;
		s += 13;
		while (*s == ' ' || *s == ':' || *s == '\n' || *s == '\t' || *s == '\r')
			s++;
		if (*s != '"')
			continue;
		for (s++; *s && *s != '"'; s++) {
			if (*s == '\\' && s[1]) {
				s++;
				buf_addc(out, *s == 'n' || *s == 't' ? ' ' : *s);
			} else {
				buf_addc(out, *s);
			}
		}
		return out->len > 0;
	}
	return false;
}

/* ---- the features ---- */

/* The share of a page's text under hidden elements from which the page
 * is taken to hide itself until its script runs. */
#define PAGE_HIDES 0.9
/* The share of a page's text inside one form from which the form is the
 * page's wrapper (an ASP.NET page's one form, a shop's product list in
 * its cart form), not a form beside the content. */
#define PAGE_FORM_WRAPS 0.5

enum { A_NEG_WORD = 1, A_POS_WORD = 2, A_SEMANTIC = 4, A_NEG_TAG = 8, A_HIDDEN = 16,
       A_COMMENT = 32, A_CAPTION = 64 };

static const char *const neg_tags[] = { "nav", "aside", "footer", "header", "form", "menu" };
/* the ARIA roles of those tags' landmarks: nav, header (banner), footer
 * (contentinfo), aside (complementary), a search form, a menu */
static const char *const neg_roles[] = { "navigation", "banner", "contentinfo", "complementary",
	"search", "menu", "menubar" };

/* Is role's first token (the role a reader takes; the rest fall back)
 * one of neg_roles, in any case? */
static bool
neg_role(const char *role)
{
	for (size_t k = 0; k < sizeof neg_roles / sizeof neg_roles[0]; k++)
		if (dom_role_is(role, neg_roles[k]))
			return true;
	return false;
}
static const char *const semantic_tags[] = { "article", "main" };

/* The second stage's features (auto-signals.h).  Linear: the core's path to
 * the root is marked, then one pre-order pass carries each element's
 * distance to the core and the negative flags met since leaving that
 * path. */
static void
context(const struct dom *d, struct features *f, const int *order, const uint8_t *own,
	const uint8_t *anc, const float *stage1)
{
	int n = d->n, nb = f->nblocks;
	double *p1 = f->scratch;
	double *acc = xcalloc((size_t)n + 1, sizeof *acc);
	for (int j = 0; j < nb; j++) {
		double z = 0;
		for (int k = 0; k < F_BASE_COUNT; k++)
			z += (double)stage1[k] * f->x[j][k];
		p1[j] = 1.0 / (1.0 + exp(-z));
		acc[order[j]] += (p1[j] - 0.5) * f->chars[j];
	}
	for (int i = n - 1; i > 0; i--)         /* children follow parents */
		if (d->parent[i] >= 0)
			acc[d->parent[i]] += acc[i];
	int core = -1;
	double best = 0;
	for (int pass = 0; pass < 2 && core < 0; pass++)
		for (int i = 0; i < n; i++)
			if (acc[i] >= best && acc[i] > 0 &&
			    (pass || !(anc[i] & (A_NEG_WORD | A_NEG_TAG | A_HIDDEN | A_COMMENT)))) {
				best = acc[i];
				core = i;
			}
	if (core < 0)
		core = d->body >= 0 ? d->body : 0;
	f->core = n > 0 ? core : -1;
	free(acc);
	if (n == 0)
		return;

	int *dist = xmalloc((size_t)n * sizeof *dist);
	uint8_t *neg = xmalloc((size_t)n);
	for (int i = 0; i < n; i++)
		dist[i] = -1;
	for (int a = core, k = 0; a >= 0; a = d->parent[a], k++)
		dist[a] = k;
	for (int i = 0; i < n; i++) {
		int p = d->parent[i];
		if (dist[i] >= 0) {            /* on the path */
			neg[i] = 0;
		} else {
			dist[i] = p >= 0 ? dist[p] + 1 : 1;
			neg[i] = (p >= 0 ? neg[p] : 0) | (own[i] & (A_NEG_WORD | A_NEG_TAG | A_COMMENT));
		}
	}
	for (int j = 0; j < nb; j++) {
		int b = order[j];
		float *x = f->x[j];
		x[F_IN_CORE] = dom_contains(d, core, b);
		x[F_CORE_DIST] = logf(1.0f + (float)dist[b]);
		x[F_LOCAL_NEG] = neg[b] != 0;
		double s = 0;
		int k = 0;
		if (j > 0)
			s += p1[j - 1], k++;
		if (j + 1 < nb)
			s += p1[j + 1], k++;
		x[F_NEIGH_P] = (float)(k ? s / k : p1[j]);     /* alone: its own */
	}
	free(dist);
	free(neg);
}

/* A post of a thread's own: a block of this many characters or more of
 * its own text (links not counted). */
#define THREAD_POST 80

/* The comment signal: on a forum thread the replies are the page's
 * content, however the forum names them ("reply", "comment"), so they do
 * not count as reader comments there.  (Which blocks are posts is
 * decided from the page's structure after the model: thread.c.)  Here a
 * thread is a container that
 * names itself one (thread, topic, forum), is in no comment section, and
 * holds a post of its own (a block of THREAD_POST characters of its own
 * text outside any comment section, form, navigation, aside or hidden
 * element) before the first element named as a comment: in the page's
 * first such container the comment flags are cleared.  A comment section
 * that names itself a thread (WordPress's "thread-even", Disqus's
 * "disqus_thread") holds no post before its comments, nor does the
 * article whose comments follow it in a container of another name.
 * Linear: the first of each in every subtree, carried up in one reverse
 * pass over the ids. */
static void
thread_replies(const struct dom *d, const struct metrics *m,
	       const uint8_t *named_thread, uint8_t *own, uint8_t *anc)
{
	int n = d->n;
	int *firstc = xmalloc(((size_t)n + 1) * sizeof *firstc);
	int *firstpost = xmalloc(((size_t)n + 1) * sizeof *firstpost);
	for (int e = 0; e < n; e++) {
		firstc[e] = own[e] & A_COMMENT ? e : INT_MAX;
		/* its own text, not links, in no comment section, form,
		 * navigation, aside or hidden element */
		firstpost[e] = !(anc[e] & (A_COMMENT | A_NEG_TAG | A_HIDDEN)) &&
			       m->own[e] >= THREAD_POST ? e : INT_MAX;
	}
	for (int e = n - 1; e > 0; e--) {
		int p = d->parent[e];
		if (p < 0)
			continue;
		if (firstc[e] < firstc[p])
			firstc[p] = firstc[e];
		if (firstpost[e] < firstpost[p])
			firstpost[p] = firstpost[e];
	}
	bool any = false;
	for (int e = 0; e < n; e++) {
		if (!named_thread[e] || anc[e] & A_COMMENT || firstc[e] == INT_MAX ||
		    firstpost[e] > firstc[e])
			continue;
		/* the first thread of the page: a page is one thread */
		for (int i = e; i < d->end[e]; i++)
			own[i] &= (uint8_t)~A_COMMENT;
		any = true;
		break;
	}
	if (any)
		for (int i = 0; i < n; i++)
			anc[i] = own[i] | (d->parent[i] >= 0 ? anc[d->parent[i]] : 0);
	free(firstc);
	free(firstpost);
}

/* What the signals of a page's blocks are computed from, found in a few
 * passes over the page. */
struct fctx {
	const struct dom *d;
	const struct metrics *m;
	struct decision cc;         /* cc at its defaults */
	struct lineblock *lb;       /* lb.mode all, no reflow */
	uint8_t *inreg;             /* per Ctext line: in a region */
	/* per element (as a block): */
	int *ownlink, *punct;
	uint8_t *ends, *copy;
	long *before;               /* the page's text before it */
	uint8_t *anc, *own;         /* A_* flags, inherited and its own */
	int *kids, *longkids;       /* its block children, those of 80+ characters */
	long total;                 /* the page's text */
	int *order, nb;             /* the blocks in reading order */
	struct wordset ws;          /* JSON-LD articleBody's words */
	bool has_ld;
	int bodyta;
	struct page_figures pf;     /* the page's shape */
	enum page_kind kind;
	char kind_why[160];
};

/* The blocks' own text: link and non-link, punctuation, where it
 * starts, its last mark, the copyright words. */
static void
own_text(struct fctx *c)
{
	const struct dom *d = c->d;
	const struct metrics *m = c->m;
	int n = d->n;
	int *first = xmalloc(((size_t)n + 1) * sizeof *first);
	for (int i = 0; i < n; i++)
		first[i] = -1;
	static const char *const copyright_words[] = { "\xc2\xa9", "copyright", "all rights reserved" };
	struct word_finder copyright;
	word_finder_init(&copyright, copyright_words, 3);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		int ch = m->tchars[t];
		if (ch == 0)
			continue;
		int b = x->block;
		if (first[b] < 0) {
			first[b] = c->nb;
			c->order[c->nb++] = b;
			c->before[b] = c->total;
		}
		if (x->flags & TEXT_LINK)
			c->ownlink[b] += ch;
		c->total += ch;
		const unsigned char *u = (const unsigned char *)dom_text(d, t);
		uint32_t last = 0;
		int punct = 0;
		for (size_t i = 0; i < x->len;) {
			if (u[i] < 0x80) {
				punct += ascii_class[u[i]] & 1;
				if (!(ascii_class[u[i]] & 2))
					last = u[i];
				i++;
				continue;
			}
			uint32_t cp;
			i += utf8_decode(u + i, x->len - i, &cp);
			punct += is_sentence_punct(cp);
			if (!uc_is_white(cp))
				last = cp;
		}
		c->punct[b] += punct;
		c->ends[b] = is_sentence_punct(last) && last != ',' && last != 0xFF0C &&
			     last != 0x060C && last != 0x3001;
		if (word_finder_scan(&copyright, dom_text(d, t), x->len))
			c->copy[b] = 1;
	}
	free(first);
}

/* A hidden element in the main landmark that holds PAGE_HIDES of its
 * text locks the main content until a script runs (a shop's lock around
 * its grid of products), as a page that hides itself whole does: that
 * element's hiding says nothing; what it hides of its own (a card's
 * quick-buy form) stays hidden. */
static void
unveil_main(const struct dom *d, struct fctx *c)
{
	int m = dom_main(d);
	if (m < 0)
		return;
	long all = 0;
	for (int t = d->text_begin[m]; t < d->text_end[m]; t++)
		all += d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK) ? 0 : d->texts[t].len;
	for (int i = m; all > 0 && i < d->end[m]; i++) {
		if (!(c->own[i] & A_HIDDEN))
			continue;
		long in = 0;
		for (int t = d->text_begin[i]; t < d->text_end[i]; t++)
			in += d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK) ? 0 : d->texts[t].len;
		if (in >= PAGE_HIDES * (double)all) {
			/* the hidden bit again, from i's ancestors and what
			 * lies under i; the other bits stay as they are */
			c->own[i] &= (uint8_t)~A_HIDDEN;
			for (int k = i; k < d->end[i]; k++) {
				int p = d->parent[k];
				c->anc[k] = (uint8_t)((c->anc[k] & ~A_HIDDEN) | (c->own[k] & A_HIDDEN) |
						      (p >= 0 ? c->anc[p] & A_HIDDEN : 0));
			}
		}
		i = d->end[i] - 1;      /* one wrapper; what it holds is its */
	}
}

/* Ancestor flags, inherited down the pre-order; own[] keeps each
 * element's own. */
static void
ancestor_flags(struct fctx *c)
{
	const struct dom *d = c->d;
	int n = d->n;
	struct word_lists wl;
	word_lists_init(&wl);
	uint8_t *named_thread = xcalloc((size_t)n + 1, 1);
	/* the tag lists, once per tag name of the page */
	uint8_t *tagflags = xcalloc((size_t)d->ntags + 1, 1);
	for (int t = 0; t < d->ntags; t++)
		tagflags[t] = (IS_TAG(d->tagnames[t], caption_tags) ? A_CAPTION : 0) |
			      (IS_TAG(d->tagnames[t], semantic_tags) ? A_SEMANTIC : 0) |
			      (IS_TAG(d->tagnames[t], neg_tags) ? A_NEG_TAG : 0);
	int table_tag = dom_tag_id(d, "table"), figcaption_tag = dom_tag_id(d, "figcaption");
	/* a form that wraps most of the page's text is no negative tag */
	uint8_t *wraps = xcalloc((size_t)n + 1, 1);
	int form_tag = dom_tag_id(d, "form");
	if (form_tag >= 0) {
		long *upto = xcalloc((size_t)d->ntexts + 1, sizeof *upto);
		for (int t = 0; t < d->ntexts; t++)
			upto[t + 1] = upto[t] + (d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK) ?
						 0 : d->texts[t].len);
		for (int i = 0; i < n; i++)
			wraps[i] = d->tag[i] == form_tag && upto[d->ntexts] > 0 &&
				   upto[d->text_end[i]] - upto[d->text_begin[i]] >=
				   PAGE_FORM_WRAPS * (double)upto[d->ntexts];
		free(upto);
		/* nor is one with no control a reader sees (no input but
		 * hidden ones, no select, textarea or button): it wraps text
		 * (old Reddit's each post and comment, sent back when edited) */
		uint8_t *controls = xcalloc((size_t)n + 1, 1);
		static const char *const ctl[] = { "input", "select", "textarea", "button" };
		uint8_t *is_ctl = xcalloc((size_t)d->ntags + 1, 1);
		for (int t = 0; t < d->ntags; t++)
			is_ctl[t] = IS_TAG(d->tagnames[t], ctl);
		for (int i = 0; i < n; i++) {
			if (!is_ctl[d->tag[i]])
				continue;
			const char *type = dom_attr(d, i, "type");
			if (type && !strcasecmp(type, "hidden"))
				continue;
			for (int k = d->parent[i]; k >= 0; k = d->parent[k])
				if (d->tag[k] == form_tag) {
					controls[k] = 1;
					break;
				}
		}
		for (int i = 0; i < n; i++)
			wraps[i] |= d->tag[i] == form_tag && !controls[i];
		free(is_ctl);
		free(controls);
	}
	/* a header inside an article, a section or the main element heads
	 * that part (its headline, byline, a card's teaser); only one
	 * outside them is the page's banner (HTML's sectioning rule).  A
	 * footer in an article keeps the negative tag: its tags, share
	 * buttons and author boxes are no more the text than the page's. */
	int header_tag = dom_tag_id(d, "header"), article_tag = dom_tag_id(d, "article"),
	    section_tag = dom_tag_id(d, "section"), main_tag = dom_tag_id(d, "main");
	uint8_t *sect = xcalloc((size_t)n + 1, 1);
	for (int i = 0; i < n; i++) {
		uint8_t a = 0;
		const char *id = dom_attr(d, i, "id"), *cl = dom_attr(d, i, "class");
		int p = d->parent[i];
		int tag = d->tag[i];
		sect[i] = (p >= 0 && sect[p]) || tag == article_tag || tag == section_tag ||
			  tag == main_tag;
		bool heads_part = p >= 0 && sect[p] && tag == header_tag;
		uint8_t w = word_lists_of(&wl, id) | word_lists_of(&wl, cl);
		if (w & W_NEG)
			a |= A_NEG_WORD;
		if (w & W_POS)
			a |= A_POS_WORD;
		/* the page's own classes name its template ("comments-page",
		 * "has-comments"), not a box of comments */
		if (w & W_COMMENT && i != d->body && d->parent[i] >= 0 &&
		    (names_comments(&wl, id) || names_comments(&wl, cl)))
			a |= A_COMMENT;
		if (w & W_CAPTION)
			a |= A_CAPTION;
		named_thread[i] = (w & W_THREAD) != 0;
		a |= tagflags[d->tag[i]] & (wraps[i] || heads_part ? (uint8_t)~A_NEG_TAG : 0xff);
		const char *ip = dom_attr(d, i, "itemprop"), *role = dom_attr(d, i, "role");
		if ((ip && !strcasecmp(ip, "articleBody")) || (role && dom_role_is(role, "main")))
			a |= A_SEMANTIC;
		/* an element that names itself a landmark of the site's is one
		 * of its negative tags (a div with role=navigation is a nav);
		 * a banner inside an article, a section or main heads that
		 * part, as a header there does (a product page's every
		 * section of text set in role=banner) */
		if (role && neg_role(role) && !(p >= 0 && sect[p] && dom_role_is(role, "banner")))
			a |= A_NEG_TAG;
		if (dom_hidden(d, i))
			a |= A_HIDDEN;
		/* what the site keeps out of search engines' snippets (a
		 * consent banner, a price box) weighs as hidden text does */
		if (dom_attr(d, i, "data-nosnippet"))
			a |= A_HIDDEN;
		c->own[i] = a;
		c->anc[i] = a | (d->parent[i] >= 0 ? c->anc[d->parent[i]] : 0);
		/* a table is no caption (in a figure it is the figure; a
		 * class word above it, "CostCredits", says less) but in a
		 * figcaption */
		if (d->tag[i] == table_tag && !(a & A_CAPTION) && c->anc[i] & A_CAPTION) {
			int k = d->parent[i];
			while (k >= 0 && d->tag[k] != figcaption_tag)
				k = d->parent[k];
			if (k < 0)
				c->anc[i] &= (uint8_t)~A_CAPTION;
		}
	}
	word_memo_free(wl.memo);
	free(sect);
	free(tagflags);
	free(wraps);
	/* a page that hides nine tenths of its text or more hides itself
	 * until its script runs (a wrapper against flicker, a shop's lock):
	 * what it hides is what its reader sees, and hidden says nothing */
	long shown = 0, veiled = 0;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		if (c->anc[x->elem] & A_HIDDEN)
			veiled += x->len;
		else
			shown += x->len;
	}
	if (veiled > 0 && veiled >= PAGE_HIDES * (double)(veiled + shown))
		for (int i = 0; i < n; i++) {
			c->own[i] &= (uint8_t)~A_HIDDEN;
			c->anc[i] &= (uint8_t)~A_HIDDEN;
		}
	else
		unveil_main(d, c);
	thread_replies(d, c->m, named_thread, c->own, c->anc);
	free(named_thread);
}

/* Line-block regions (mode all, no reflow) as a bitmap of lines. */
static void
lb_regions(struct fctx *c, const struct page *pg, const struct params *defp)
{
	struct params lbp = *defp;
	lbp.lb_mode = LB_MODE_ALL;
	lbp.lb_reflow = 0;
	c->lb = lineblock_build(pg->src.text, pg->src.len, &lbp);
	c->inreg = xcalloc((size_t)c->lb->nlines + 2, 1);
	for (int r = 0; r < c->lb->nregions; r++) {
		int a, z;
		lineblock_region_lines(c->lb, &c->lb->regions[r], &a, &z);
		for (int l = a; l <= z && l <= c->lb->nlines; l++)
			if (l >= 1)
				c->inreg[l] = 1;
	}
}

/* Long blocks among each parent's block children. */
static void
long_kids(struct fctx *c)
{
	for (int j = 0; j < c->nb; j++) {
		int b = c->order[j], p = c->d->parent[b];
		if (p < 0)
			continue;
		c->kids[p]++;
		c->longkids[p] += c->m->own[b] + c->ownlink[b] >= 80;
	}
}

static int chars_of(const struct fctx *c, int b);

/* The page's figures and kind (auto-kind.h), from the blocks' text. */
static void
page_shape(struct fctx *c)
{
	int *chars = xmalloc(((size_t)c->nb + 1) * sizeof *chars);
	uint8_t *site = xcalloc((size_t)c->d->n + 1, 1);
	for (int j = 0; j < c->nb; j++) {
		chars[j] = chars_of(c, c->order[j]);
		site[c->order[j]] = (c->anc[c->order[j]] & A_NEG_TAG) != 0;
	}
	page_figures_compute(c->d, c->order, chars, c->nb, c->ownlink, c->ends, site, &c->pf);
	free(site);
	c->kind = page_kind_decide(&c->pf, c->kind_why, sizeof c->kind_why);
	free(chars);
}

static void
fctx_init(struct fctx *c, const struct page *pg)
{
	const struct dom *d = pg->dom;
	size_t n = (size_t)d->n + 1;
	memset(c, 0, sizeof *c);
	c->d = d;
	c->m = pg->m;
	struct params defp;
	params_default(&defp);
	decision_init(&c->cc, d->n);
	decide_cc(d, c->m, &defp, NULL, &c->cc);
	c->ownlink = xcalloc(n, sizeof *c->ownlink);
	c->punct = xcalloc(n, sizeof *c->punct);
	c->ends = xcalloc(n, 1);
	c->copy = xcalloc(n, 1);
	c->order = xmalloc(n * sizeof *c->order);
	c->before = xmalloc(n * sizeof *c->before);
	c->anc = xcalloc(n, 1);
	c->own = xcalloc(n, 1);
	c->kids = xcalloc(n, sizeof *c->kids);
	c->longkids = xcalloc(n, sizeof *c->longkids);
	own_text(c);
	ancestor_flags(c);
	lb_regions(c, pg, &defp);
	struct buf body;
	buf_init(&body);
	c->has_ld = jsonld_body(d, &body);
	if (c->has_ld)
		each_word(body.data, body.len, add_word, &c->ws);
	buf_free(&body);
	long_kids(c);
	c->bodyta = d->body >= 0 ? c->m->TA[d->body] : c->m->TA[0];
	page_shape(c);
}

static void
fctx_free(struct fctx *c)
{
	page_figures_free(&c->pf);
	wordset_free(&c->ws);
	free(c->inreg);
	lineblock_free(c->lb);
	free(c->kids);
	free(c->longkids);
	free(c->anc);
	free(c->own);
	free(c->ownlink);
	free(c->punct);
	free(c->ends);
	free(c->copy);
	free(c->order);
	free(c->before);
	decision_free(&c->cc);
}

/* ---- the base signals of block b, one function each (auto-signals.h) ---- */

static int
chars_of(const struct fctx *c, int b)
{
	return c->m->own[b] + c->ownlink[b];
}

/* link text over all text of element e's subtree, 0 for none */
static float
ld_of(const struct fctx *c, int e)
{
	const struct metrics *m = c->m;
	return e >= 0 && m->TA[e] + m->LT[e] > 0 ? (float)m->LT[e] / (m->TA[e] + m->LT[e]) : 0;
}

static float sig_bias(const struct fctx *c, int b) { (void)c, (void)b; return 1; }
static float sig_log_chars(const struct fctx *c, int b) { return logf(1.0f + chars_of(c, b)); }
static float
sig_link_density(const struct fctx *c, int b)
{
	int chars = chars_of(c, b);
	return chars ? (float)c->ownlink[b] / chars : 0;
}
static float sig_log_cc(const struct fctx *c, int b) { return logf(1.0f + (float)c->m->CC[b]); }
static float sig_log_td(const struct fctx *c, int b) { return logf(1.0f + (float)c->m->TD[b]); }
static float sig_cs(const struct fctx *c, int b) { return (float)c->cc.CS[b]; }
static float sig_parent_ld(const struct fctx *c, int b) { return ld_of(c, c->d->parent[b]); }
static float
sig_grand_ld(const struct fctx *c, int b)
{
	int p = c->d->parent[b];
	return ld_of(c, p >= 0 ? c->d->parent[p] : -1);
}
static float
sig_container(const struct fctx *c, int b)
{
	int p = c->d->parent[b];
	float v = p >= 0 && c->bodyta > 0 ? (float)c->m->TA[p] / c->bodyta : 0;
	return v > 1 ? 1 : v;
}
static float
sig_position(const struct fctx *c, int b)
{
	return c->total ? (float)c->before[b] / c->total : 0;
}
static float
sig_punct(const struct fctx *c, int b)
{
	int chars = chars_of(c, b);
	return chars ? 10.0f * c->punct[b] / chars : 0;
}
static float sig_ends_punct(const struct fctx *c, int b) { return c->ends[b]; }
static float sig_tag_heading(const struct fctx *c, int b) { return dom_heading_level(c->d, b) > 0; }
static float sig_tag_p(const struct fctx *c, int b) { return !strcmp(dom_tagname(c->d, b), "p"); }
static float
sig_tag_li(const struct fctx *c, int b)
{
	const char *tn = dom_tagname(c->d, b);
	return !strcmp(tn, "li") || !strcmp(tn, "dd") || !strcmp(tn, "dt");
}
static float
sig_tag_cell(const struct fctx *c, int b)
{
	const char *tn = dom_tagname(c->d, b);
	return !strcmp(tn, "td") || !strcmp(tn, "th");
}
static float
sig_tag_pre(const struct fctx *c, int b)
{
	const char *tn = dom_tagname(c->d, b);
	return !strcmp(tn, "pre") || !strcmp(tn, "blockquote");
}
static float sig_tag_h1(const struct fctx *c, int b) { return !strcmp(dom_tagname(c->d, b), "h1"); }
static float sig_semantic(const struct fctx *c, int b) { return (c->anc[b] & A_SEMANTIC) != 0; }
static float sig_neg_word(const struct fctx *c, int b) { return (c->anc[b] & A_NEG_WORD) != 0; }
static float sig_pos_word(const struct fctx *c, int b) { return (c->anc[b] & A_POS_WORD) != 0; }
static float sig_neg_tag(const struct fctx *c, int b) { return (c->anc[b] & A_NEG_TAG) != 0; }
static float sig_hidden(const struct fctx *c, int b) { return (c->anc[b] & A_HIDDEN) != 0; }
static float sig_comment(const struct fctx *c, int b) { return (c->anc[b] & A_COMMENT) != 0; }
static float sig_caption(const struct fctx *c, int b) { return (c->anc[b] & A_CAPTION) != 0; }
static float sig_cc_content(const struct fctx *c, int b) { return c->cc.content[b]; }
static float
sig_cc_region(const struct fctx *c, int b)
{
	return c->cc.region >= 0 && dom_contains(c->d, c->cc.region, b);
}
/* the Ctext line its source line starts (a long run of empty lines
 * before it is shortened in Ctext) */
static float
sig_lb_region(const struct fctx *c, int b)
{
	int line, last;
	return lineblock_ctext_lines(c->lb, c->d->line[b], c->d->line[b], &line, &last) &&
	       line >= 1 && line <= c->lb->nlines && c->inreg[line];
}
static float sig_has_jsonld(const struct fctx *c, int b) { (void)b; return c->has_ld; }
static float
sig_jsonld(const struct fctx *c, int b)
{
	if (!c->has_ld)
		return 0;
	const struct dom *d = c->d;
	struct overlap o = { &c->ws, 0, 0 };
	for (int t = d->text_begin[b]; t < d->text_end[b]; t++)
		if (d->texts[t].block == b && !(d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK)))
			each_word(dom_text(d, t), d->texts[t].len, count_word, &o);
	return o.total ? (float)o.hit / o.total : 0;
}
static float sig_copyright(const struct fctx *c, int b) { return c->copy[b]; }
static float
sig_sib_long(const struct fctx *c, int b)
{
	int p = c->d->parent[b];
	return p >= 0 && c->kids[p] ? (float)c->longkids[p] / c->kids[p] : 0;
}

/* ---- the page's shape: the same on every block but repeat ---- */

static float sig_repeat(const struct fctx *c, int b) { return c->pf.in_repeat[b]; }
static float sig_page_link(const struct fctx *c, int b) { (void)b; return (float)c->pf.link; }
static float sig_page_prose(const struct fctx *c, int b) { (void)b; return (float)c->pf.prose; }
static float sig_page_repeat(const struct fctx *c, int b) { (void)b; return (float)c->pf.repeat; }
static float sig_page_code(const struct fctx *c, int b) { (void)b; return (float)c->pf.code; }
static float sig_page_form(const struct fctx *c, int b) { (void)b; return logf(1.0f + (float)c->pf.forms); }
static float sig_page_heads(const struct fctx *c, int b) { (void)b; return logf(1.0f + (float)c->pf.headings); }
static float sig_page_kind(const struct fctx *c, int b) { (void)b; return (float)c->kind; }

/* Each signal's compute function, from the table. */
static float (*const compute[F_COUNT])(const struct fctx *c, int b) = {
#define F_FN(id, name, what, zero, fn) [F_##id] = fn,
	FEATURES(F_FN)
#undef F_FN
};

void
features_compute(const struct page *pg, const float *stage1, struct features *f)
{
	memset(f, 0, sizeof *f);
	struct fctx c;
	fctx_init(&c, pg);
	int nb = c.nb;
	f->nblocks = nb;
	f->block = xmalloc(((size_t)nb + 1) * sizeof *f->block);
	f->chars = xmalloc(((size_t)nb + 1) * sizeof *f->chars);
	f->x = xcalloc((size_t)nb + 1, sizeof *f->x);
	f->scratch = xcalloc((size_t)nb + 1, sizeof *f->scratch);
	for (int j = 0; j < nb; j++) {
		int b = c.order[j];
		f->block[j] = b;
		f->chars[j] = chars_of(&c, b);
		for (int k = 0; k < F_COUNT; k++)
			if (compute[k])
				f->x[j][k] = compute[k](&c, b);
	}
	context(c.d, f, c.order, c.own, c.anc, stage1);
	f->page = c.pf;
	f->page.in_repeat = NULL;
	c.pf.grid = NULL;               /* f->page owns it now */
	c.pf.cards1 = NULL;
	f->kind = c.kind;
	memcpy(f->kind_why, c.kind_why, sizeof f->kind_why);
	fctx_free(&c);
}

void
features_free(struct features *f)
{
	free(f->block);
	free(f->x);
	free(f->chars);
	free(f->scratch);
	free(f->page.grid);
	free(f->page.cards1);
	memset(f, 0, sizeof *f);
}
