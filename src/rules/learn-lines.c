/* learn-lines.c - body: and strip: lines learnt from several pages of a
 * site: expressions built from what is stable across the pages (ids,
 * class tokens, itemprop, role, semantic tags, recurring text; made by
 * learn-cands.c), each judged on every page by the text it keeps and
 * drops. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/learn-int.h"
#include "rules/rules-int.h"
#include "sitetext.h"

/* ---- one page's figures ---- */

struct lp {
	const struct dom *d;
	struct xpath_doc *x;
	int *end;            /* end[e]: one past e's last descendant (ids are pre-order) */
	long *PK, *PD;       /* prefix sums of kept / dropped visible bytes by element */
	long totK;
	uint8_t *in;         /* in the body chosen */
	uint8_t *cut;        /* removed by a strip: chosen */
};

static long
sub_k(const struct lp *p, int e)
{
	return p->PK[p->end[e]] - p->PK[e];
}

static long
sub_d(const struct lp *p, int e)
{
	return p->PD[p->end[e]] - p->PD[e];
}

static int
visible_bytes(const struct dom *d, int t)
{
	const char *s = dom_text(d, t);
	int n = 0;
	for (size_t i = 0; i < d->texts[t].len; i++)
		n += !isspace((unsigned char)s[i]);
	return n;
}

struct occ {
	uint64_t h;
	int page;
};

static int
cmp_occ(const void *a, const void *b)
{
	const struct occ *x = a, *y = b;
	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return (x->page > y->page) - (x->page < y->page);
}

/* Text the method kept that stands, the same, on at least half of the
 * pages (two at least) is the template's, not an article's: kept[] of
 * every page, copied into own[], says so. */
static void
template_texts(const struct rules_learn_page *in, int np, uint8_t **own)
{
	size_t total = 0;
	for (int i = 0; i < np; i++)
		total += (size_t)in[i].d->ntexts;
	struct occ *o = xmalloc((total + 1) * sizeof *o);
	size_t k = 0;
	for (int i = 0; i < np; i++)
		for (int t = 0; t < in[i].d->ntexts; t++) {
			uint64_t h = site_text_hash(in[i].d, t);
			if (h)
				o[k++] = (struct occ){ h, i };
		}
	qsort(o, k, sizeof *o, cmp_occ);
	int need = np / 2 > 2 ? (np + 1) / 2 : 2;
	for (size_t a = 0; a < k;) {
		size_t b = a;
		int pages = 0;
		for (; b < k && o[b].h == o[a].h; b++)
			pages += b == a || o[b].page != o[b - 1].page;
		if (np >= 2 && pages >= need)
			for (int i = 0; i < np; i++)
				for (int t = 0; t < in[i].d->ntexts; t++)
					if (own[i][t] && own[i][t] != 3 &&
					    site_text_hash(in[i].d, t) == o[a].h)
						own[i][t] = 2;
		a = b;
	}
	free(o);
	/* a recurring piece of a block that also holds the page's own kept
	 * text ("(CNN)" before a story's first words) stays */
	for (int i = 0; i < np; i++) {
		const struct dom *d = in[i].d;
		uint8_t *mixed = xcalloc((size_t)d->n + 1, 1);
		for (int t = 0; t < d->ntexts; t++)
			if (own[i][t] == 1 && d->texts[t].block >= 0 && site_text_hash(d, t))
				mixed[d->texts[t].block] = 1;
		for (int t = 0; t < d->ntexts; t++)
			if (own[i][t] == 2)
				own[i][t] = d->texts[t].block >= 0 && mixed[d->texts[t].block];
		free(mixed);
	}
}

static void
lp_init(struct lp *p, const struct rules_learn_page *in)
{
	const struct dom *d = in->d;
	int n = d->n;
	memset(p, 0, sizeof *p);
	p->d = d;
	p->x = xpath_doc_new(d);
	p->end = xmalloc(((size_t)n + 1) * sizeof *p->end);
	long *ok = xcalloc((size_t)n + 1, sizeof *ok), *od = xcalloc((size_t)n + 1, sizeof *od);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *tx = &d->texts[t];
		if (tx->flags & (TEXT_SKIP | TEXT_BREAK) || tx->elem < 0)
			continue;
		int v = visible_bytes(d, t);
		if (in->kept[t])
			ok[tx->elem] += v;
		else
			od[tx->elem] += v;
	}
	for (int i = 0; i < n; i++)
		p->end[i] = i + 1;
	for (int i = n - 1; i > 0; i--)
		if (d->parent[i] >= 0 && p->end[i] > p->end[d->parent[i]])
			p->end[d->parent[i]] = p->end[i];
	p->PK = xcalloc((size_t)n + 1, sizeof *p->PK);
	p->PD = xcalloc((size_t)n + 1, sizeof *p->PD);
	for (int i = 0; i < n; i++) {
		p->PK[i + 1] = p->PK[i] + ok[i];
		p->PD[i + 1] = p->PD[i] + od[i];
	}
	p->totK = p->PK[n];
	p->in = xcalloc((size_t)n + 1, 1);
	p->cut = xcalloc((size_t)n + 1, 1);
	free(ok);
	free(od);
}

static void
lp_free(struct lp *p)
{
	xpath_doc_free(p->x);
	free(p->end);
	free(p->PK);
	free(p->PD);
	free(p->in);
	free(p->cut);
}

/* The elements expr selects on p, outermost only (a selected element's
 * descendants come with it); the count, -1 on an error. */
static int
outermost(struct lp *p, const char *expr, int **ids)
{
	char err[300];
	int n = xpath_select_nodes(p->x, expr, true, ids, err, sizeof err);
	if (n <= 0)
		return n;
	int k = 0, edge = -1;
	for (int i = 0; i < n; i++)
		if ((*ids)[i] >= edge) {
			(*ids)[k++] = (*ids)[i];
			edge = p->end[(*ids)[i]];
		}
	return k;
}

/* ---- judging a body ---- */

struct score {
	double mean, worst;
	int pages_none;      /* pages it selects nothing on */
};

/* Per page: F1 of the kept text that the selection keeps, after cut[]. */
static double
page_f1(struct lp *p, const int *ids, int n)
{
	long k = 0, dd = 0;
	for (int i = 0; i < n; i++) {
		int e = ids[i];
		k += sub_k(p, e);
		dd += sub_d(p, e);
		for (int j = e; j < p->end[e]; j++)
			if (p->cut[j]) {
				k -= sub_k(p, j);
				dd -= sub_d(p, j);
				j = p->end[j] - 1;
			}
	}
	if (p->totK == 0)
		return k + dd == 0 ? 1 : 0;
	if (k <= 0)
		return 0;
	double P = (double)k / (double)(k + dd), R = (double)k / (double)p->totK;
	return 2 * P * R / (P + R);
}

static struct score
judge_body(struct lp *pages, int np, const char *expr)
{
	struct score s = { 0, 1, 0 };
	for (int i = 0; i < np; i++) {
		int *ids = NULL;
		int n = outermost(&pages[i], expr, &ids);
		double f = n > 0 ? page_f1(&pages[i], ids, n) : 0;
		if (n <= 0)
			s.pages_none++;
		s.mean += f / np;
		if (f < s.worst)
			s.worst = f;
		free(ids);
	}
	return s;
}

/* How stable an anchor is, on equal scores: an id names one element,
 * then itemprop and role, then a class token, then a bare tag. */
static int
anchor_rank(const char *e)
{
	return strstr(e, "@id=") ? 3 : strstr(e, "@itemprop=") || strstr(e, "@role=") ? 2 :
	       strstr(e, "@class") ? 1 : 0;
}

static bool
better(struct score a, const char *ea, struct score b, const char *eb)
{
	if (a.mean > b.mean + 1e-6)
		return true;
	if (a.mean < b.mean - 1e-6)
		return false;
	if (a.worst != b.worst)
		return a.worst > b.worst;
	if (anchor_rank(ea) != anchor_rank(eb))
		return anchor_rank(ea) > anchor_rank(eb);
	return strlen(ea) < strlen(eb);
}

/* ---- the strips ---- */

/* Outcome of a strip: candidate over the pages: kept bytes it would
 * remove and dropped bytes of the body it would remove (not cut yet). */
struct strip_eff {
	long kept, gain;
	int pages_gain, pages_sel;
};

static struct strip_eff
judge_strip(struct lp *pages, int np, const char *expr)
{
	struct strip_eff f = { 0, 0, 0, 0 };
	for (int i = 0; i < np; i++) {
		struct lp *p = &pages[i];
		int *ids = NULL;
		int n = outermost(p, expr, &ids);
		long g = 0, k = 0;
		for (int j = 0; j < n; j++) {
			int e = ids[j];
			long ke = sub_k(p, e);
			/* kept text removed counts against it, on any page */
			k += ke;
			if (!p->in[e])
				continue;
			for (int q = e; q < p->end[e]; q++) {
				if (p->cut[q]) {
					q = p->end[q] - 1;
					continue;
				}
				g += p->PD[q + 1] - p->PD[q];
			}
		}
		/* one page's kept text may go only by a sliver */
		if (k > p->totK / 100 || k > 200)
			f.kept += k + 1000000;
		else
			f.kept += k;
		f.gain += g;
		f.pages_gain += g > 0;
		f.pages_sel += n > 0;
		free(ids);
	}
	return f;
}

/* A strip: chosen: taken out of every page's tree, as readers do before
 * the next line is evaluated, and marked cut. */
static void
apply_cut(struct lp *pages, int np, const char *expr)
{
	for (int i = 0; i < np; i++) {
		int *ids = NULL, *texts = NULL, nt;
		char err[300];
		int n = xpath_strip(pages[i].x, expr, &ids, &texts, &nt, err, sizeof err);
		for (int j = 0; j < n; j++)
			pages[i].cut[ids[j]] = 1;
		free(ids);
		free(texts);
	}
}

/* Dropped subtrees inside the body on p: elements with dropped text and
 * none kept whose parent holds kept text. */
static void
strip_cands(struct lp *p, int np_all, struct cands *tier1, struct cands *tier2,
	    struct cands *tier3)
{
	const struct dom *d = p->d;
	int a_tag = dom_tag_id(d, "a");
	struct buf b;
	buf_init(&b);
	for (int e = 0; e < d->n; e++) {
		if (!p->in[e] || sub_d(p, e) == 0 || sub_k(p, e) > 0)
			continue;
		int par = d->parent[e];
		if (par >= 0 && p->in[par] && sub_k(p, par) == 0)
			continue;        /* its parent is the one to strip */
		learn_own_cands(d, e, true, tier1);
		const char *tag = dom_tagname(d, e);
		learn_text_patterns(d, e, tag, tier2);
		/* an element all of whose text is link text: a list of stories */
		if (a_tag >= 0 && learn_all_link_text(d, e, a_tag)) {
			b.len = 0;
			buf_printf(&b, "//%s[.//a][not(.//text()[normalize-space()][not(ancestor::a)])]",
				   tag);
			learn_cand_add(tier2, b.data);
		}
		/* from a stable ancestor: every such child, or this position */
		int anc;
		b.len = 0;
		if (learn_anchor_expr(d, e, &anc, &b)) {
			size_t base = b.len;
			if (np_all > 1) {
				rules_steps_below(d, anc, e, &b);
				learn_cand_add(tier3, b.data);
			}
			b.len = base;
			buf_printf(&b, "//%s", tag);
			if (!dom_attr(d, e, "class") && !dom_attr(d, e, "id"))
				learn_cand_add(tier2, b.data);
		}
	}
	buf_free(&b);
}

static bool
positional(const char *e)
{
	for (const char *p = strchr(e, '['); p; p = strchr(p + 1, '['))
		if (isdigit((unsigned char)p[1]))
			return true;
	return false;
}

/* The longest text node (visible bytes) inside what expr selects, on
 * any page. */
static long
longest_text(struct lp *pages, int np, const char *expr)
{
	long most = 0;
	for (int i = 0; i < np; i++) {
		const struct dom *d = pages[i].d;
		int *ids = NULL;
		int n = outermost(&pages[i], expr, &ids);
		for (int j = 0; j < n; j++)
			for (int t = d->text_begin[ids[j]]; t < d->ntexts; t++) {
				int e = d->texts[t].elem;
				if (e < ids[j] || e >= pages[i].end[ids[j]])
					break;
				long v = visible_bytes(d, t);
				if (v > most)
					most = v;
			}
		free(ids);
	}
	return most;
}

/* The least visible text an element expr selects holds, on any page:
 * the floor a body: line's predicate, which each selected element must
 * pass, may ask for. */
static long
least_text(struct lp *pages, int np, const char *expr)
{
	long least = -1;
	for (int i = 0; i < np; i++) {
		int *ids = NULL;
		int n = outermost(&pages[i], expr, &ids);
		for (int j = 0; j < n; j++) {
			long t = sub_k(&pages[i], ids[j]) + sub_d(&pages[i], ids[j]);
			if (least < 0 || t < least)
				least = t;
		}
		free(ids);
	}
	return least < 0 ? 0 : least;
}

/* Kinds of element that hold no article text on most sites: lists,
 * paragraphs and boxes of nothing but links, forms and controls, asides,
 * captions.  Written only where they keep no kept text of any page. */
static const char *const generic_strips[] = {
	"//*[self::ul or self::ol][.//a][not(.//text()[normalize-space()][not(ancestor::a)])]",
	"//p[.//a][not(.//text()[normalize-space()][not(ancestor::a)])]",
	"//div[.//a][not(.//text()[normalize-space()][not(ancestor::a)])]",
	"//form", "//button", "//select", "//nav", "//aside", "//iframe", "//noscript",
	"//footer", "//figcaption",
};

/* Greedy: the candidate that removes most of the body's dropped text
 * without removing kept text, until none gains.  Tier 1 first (ids,
 * classes, attributes, tags), then recurring text, then positions that
 * hold on every page, then the generic kinds that keep nothing kept. */
static int
learn_strips(struct lp *pages, int np, int nserved, struct cands *tiers, struct cands *chosen)
{
	int added = 0;
	for (int tier = 0; tier < 4; tier++) {
		struct cands *c = &tiers[tier];
		uint8_t *dead = xcalloc((size_t)c->n + 1, 1);
		for (;;) {
			int best = -1;
			struct strip_eff be = { 0, 0, 0, 0 };
			for (int i = 0; i < c->n; i++) {
				if (dead[i])
					continue;
				struct strip_eff f = judge_strip(pages, np, c->v[i]);
				/* recurring text must recur; a position must hold on
				 * every page */
				bool ok = tier == 3 ? f.kept == 0 && f.pages_sel > 0 :
					  f.kept * 20 <= f.gain && f.gain >= 8 &&
					  (tier != 1 || nserved == 1 || f.pages_gain >= 2) &&
					  (tier != 2 || (f.pages_gain == nserved &&
							 f.pages_sel == nserved));
				if (!ok) {
					dead[i] = 1;
					continue;
				}
				if (best < 0 || f.gain - 20 * f.kept > be.gain - 20 * be.kept ||
				    (f.gain - 20 * f.kept == be.gain - 20 * be.kept &&
				     strlen(c->v[i]) < strlen(c->v[best]))) {
					best = i;
					be = f;
				}
			}
			if (best < 0 || chosen->n >= 40)
				break;
			/* an id or class strip: holds no longer a text than it
			 * held here, so that on a layout where that element wraps
			 * the article's paragraphs it takes nothing */
			struct buf g;
			buf_init(&g);
			long most = tier == 0 ? longest_text(pages, np, c->v[best]) : 0;
			if (most > 0)
				buf_printf(&g, "%s[not(.//text()[string-length(normalize-space(.)) > %ld])]",
					   c->v[best], most * 2 > 150 ? most * 2 : 150);
			else
				buf_adds(&g, c->v[best]);
			apply_cut(pages, np, g.data);
			learn_cand_add(chosen, g.data);
			buf_free(&g);
			dead[best] = 1;
			added++;
		}
		free(dead);
	}
	return added;
}

/* ---- putting it together ---- */

static void
mark_in(struct lp *p, const char *expr)
{
	memset(p->in, 0, (size_t)p->d->n + 1);
	int *ids = NULL;
	int n = outermost(p, expr, &ids);
	for (int j = 0; j < n; j++)
		memset(p->in + ids[j], 1, (size_t)(p->end[ids[j]] - ids[j]));
	free(ids);
}

/* Body candidates on p: the lowest element holding all the kept text,
 * its ancestors, and its children that hold much of it. */
static void
body_cands(struct lp *p, struct cands *c)
{
	const struct dom *d = p->d;
	if (p->totK == 0 || d->n == 0)
		return;
	int top = 0;
	for (bool moved = true; moved;) {
		moved = false;
		for (int ch = d->first_child[top]; ch >= 0; ch = d->next_sibling[ch])
			if (sub_k(p, ch) * 10 >= p->totK * 9) {
				top = ch;
				moved = true;
				break;
			}
	}
	for (int a = top; a >= 0; a = d->parent[a]) {
		learn_own_cands(d, a, false, c);
		if (a == d->body)
			break;
	}
	for (int ch = d->first_child[top]; ch >= 0; ch = d->next_sibling[ch])
		if (sub_k(p, ch) * 5 >= p->totK)
			learn_own_cands(d, ch, false, c);
	/* the kept blocks' own containers (a headline apart from the text) */
	for (int e = 0; e < d->n; e++) {
		int par = d->parent[e];
		if (sub_k(p, e) * 20 >= p->totK && sub_d(p, e) <= sub_k(p, e) &&
		    (par < 0 || sub_d(p, par) > sub_k(p, par) / 4))
			learn_own_cands(d, e, false, c);
	}
}

/* The pages as the learner sees them: what each keeps, less the text
 * that stands on most of them (the template's). */
static struct lp *
learn_pages(const struct rules_learn_page *in, int np)
{
	struct lp *pages = xcalloc((size_t)np, sizeof *pages);
	uint8_t **own = xcalloc((size_t)np, sizeof *own);
	struct rules_learn_page *mine = xcalloc((size_t)np, sizeof *mine);
	for (int i = 0; i < np; i++) {
		own[i] = xmalloc((size_t)in[i].d->ntexts + 1);
		memcpy(own[i], in[i].kept, (size_t)in[i].d->ntexts);
		mine[i] = (struct rules_learn_page){ in[i].d, own[i] };
	}
	template_texts(in, np, own);
	for (int i = 0; i < np; i++)
		lp_init(&pages[i], &mine[i]);
	for (int i = 0; i < np; i++)
		free(own[i]);
	free(own);
	free(mine);
	return pages;
}

/* The best body: expression over the pages sub: the best single one,
 * or a union of two of the best six when it scores more; with up to two
 * fallbacks on other anchors (for a layout the pages do not show, tried
 * only when the first selects nothing).  NULL when none keeps text. */
static char *
choose_body(struct lp *sub, int n, struct score *bsp, char *fallback[2], int *nfb)
{
	struct cands c = { 0 };
	for (int i = 0; i < n; i++)
		body_cands(&sub[i], &c);
	int best = -1;
	struct score bs = { -1, -1, 0 };
	struct score *sc = xcalloc((size_t)c.n + 1, sizeof *sc);
	for (int i = 0; i < c.n; i++) {
		sc[i] = judge_body(sub, n, c.v[i]);
		if (best < 0 || better(sc[i], c.v[i], bs, c.v[best])) {
			best = i;
			bs = sc[i];
		}
	}
	int top[6] = { 0 }, ntop = 0;
	for (int k = 0; k < 6; k++) {
		int b = -1;
		for (int i = 0; i < c.n; i++) {
			bool used = false;
			for (int j = 0; j < ntop; j++)
				used |= top[j] == i;
			if (!used && (b < 0 || better(sc[i], c.v[i], sc[b], c.v[b])))
				b = i;
		}
		if (b >= 0)
			top[ntop++] = b;
	}
	char *chosen = best >= 0 ? xstrdup(c.v[best]) : NULL;
	for (int a = 0; a < ntop; a++)
		for (int b = a + 1; b < ntop; b++) {
			struct buf u;
			buf_init(&u);
			buf_printf(&u, "%s | %s", c.v[top[a]], c.v[top[b]]);
			struct score s = judge_body(sub, n, u.data);
			if (s.mean > bs.mean + 0.01) {
				bs = s;
				free(chosen);
				chosen = xstrdup(u.data);
			}
			buf_free(&u);
		}
	*nfb = 0;
	for (int k = 0; k < ntop && chosen && *nfb < 2; k++) {
		int i = top[k];
		if (sc[i].pages_none || sc[i].mean < bs.mean - 0.05 || strstr(chosen, c.v[i]))
			continue;
		fallback[(*nfb)++] = xstrdup(c.v[i]);
	}
	free(sc);
	learn_cands_free(&c);
	*bsp = bs;
	return chosen;
}

/* The body: line's strips, learnt on the pages it serves (of todo) and
 * safe on all, added to strips; the pages it serves. */
static int
body_strips(struct lp *pages, int np, const int *todo, int ntodo, const char *chosen,
	    struct cands *strips)
{
	struct cands tiers[4] = { { 0 }, { 0 }, { 0 }, { 0 } };
	for (size_t g = 0; g < sizeof generic_strips / sizeof *generic_strips; g++)
		learn_cand_add(&tiers[3], generic_strips[g]);
	int nserved = 0;
	for (int i = 0; i < np; i++)
		memset(pages[i].in, 0, (size_t)pages[i].d->n + 1);
	for (int i = 0; i < ntodo; i++) {
		int *ids = NULL;
		int n = outermost(&pages[todo[i]], chosen, &ids);
		free(ids);
		if (n > 0) {
			mark_in(&pages[todo[i]], chosen);
			strip_cands(&pages[todo[i]], ntodo, &tiers[0], &tiers[1], &tiers[2]);
			nserved++;
		}
	}
	learn_scope_cands(&tiers[0], chosen);
	learn_scope_cands(&tiers[1], chosen);
	learn_scope_cands(&tiers[3], chosen);
	learn_strips(pages, np, nserved, tiers, strips);
	for (int t = 0; t < 4; t++)
		learn_cands_free(&tiers[t]);
	return nserved;
}

/* The body: line and its fallbacks into the rule, before the file's
 * own body: lines (at *first_old), which still serve the layouts the
 * loaded pages do not show. */
static void
add_body_lines(struct rule *r, struct lp *pages, int np, char *chosen,
	       char *const *fallback, int nfb, int *first_old, struct buf *log)
{
	for (int k = -1; k < nfb; k++) {
		const char *v = k < 0 ? chosen : fallback[k];
		/* an element of that name with far less text than the
		 * article ever had is not the article (a tab or a box of
		 * a layout the pages do not show): the next line is
		 * tried.  Far less is a fifth, and never more than a
		 * short article's 200 characters (a fifth alone lost a
		 * site's short news items, 700 characters beside 3,700) */
		long least = strstr(v, " | ") ? 0 : least_text(pages, np, v);
		long floor = least / 5 < 200 ? least / 5 : 200;
		struct buf g;
		buf_init(&g);
		if (least >= 200)
			buf_printf(&g, "%s[string-length(normalize-space(.)) > %ld]", v, floor);
		else
			buf_adds(&g, v);
		if (*first_old >= 0)
			rule_insert(r, (*first_old)++, "body", g.data);
		else
			rule_add(r, "body", g.data);
		if (log && k >= 0)
			buf_printf(log, "body: %s (a fallback)\n", g.data);
		buf_free(&g);
	}
}

/* The strip: lines learnt that the rule does not have yet. */
static void
add_strips(struct rule *r, const struct cands *strips, struct buf *log)
{
	int npos = 0, nnew = 0;
	for (int i = 0; i < strips->n; i++) {
		bool dup = false;
		for (int k = 0; k < r->nlines && !dup; k++)
			dup = r->lines[k].kind == RULE_DIRECTIVE && !strcmp(r->lines[k].name, "strip") &&
			      !strcmp(r->lines[k].value, strips->v[i]);
		if (dup)
			continue;
		rule_add(r, "strip", strips->v[i]);
		npos += positional(strips->v[i]);
		nnew++;
	}
	if (log && nnew)
		buf_printf(log, "strip: %d line%s, %d with a position\n", nnew,
			   nnew == 1 ? "" : "s", npos);
}

int
rules_learn_lines(const struct rules_learn_page *in, int np, struct rule *r,
		  struct buf *log)
{
	if (np <= 0)
		return 0;
	struct lp *pages = learn_pages(in, np);
	int *todo = xmalloc((size_t)np * sizeof *todo);
	int ntodo = 0;
	for (int i = 0; i < np; i++)
		if (pages[i].totK > 0)
			todo[ntodo++] = i;
	int nbody = 0;
	struct cands strips = { 0 };
	/* the file's own strip: lines are applied already */
	for (int i = 0; i < r->strip.n; i++) {
		learn_cand_add(&strips, r->strip.v[i]);
		apply_cut(pages, np, r->strip.v[i]);
	}
	int first_old = -1;
	for (int k = 0; k < r->nlines && first_old < 0; k++)
		if (r->lines[k].kind == RULE_DIRECTIVE && !strcmp(r->lines[k].name, "body"))
			first_old = k;
	/* one body: line for the pages it serves; the pages it selects
	 * nothing on (another layout) get the next line */
	for (int round = 0; round < 3 && ntodo > 0; round++) {
		struct lp *sub = xcalloc((size_t)ntodo, sizeof *sub);
		for (int i = 0; i < ntodo; i++)
			sub[i] = pages[todo[i]];
		struct score bs;
		char *fallback[2] = { NULL, NULL };
		int nfb;
		char *chosen = choose_body(sub, ntodo, &bs, fallback, &nfb);
		if (!chosen || bs.mean <= 0) {
			for (int k = 0; k < nfb; k++)
				free(fallback[k]);
			free(chosen);
			free(sub);
			break;
		}
		int nserved = body_strips(pages, np, todo, ntodo, chosen, &strips);
		if (log)
			buf_printf(log, "body: %s (mean F1 %.3f over %d page%s)\n", chosen,
				   bs.mean, nserved, nserved == 1 ? "" : "s");
		add_body_lines(r, pages, np, chosen, fallback, nfb, &first_old, log);
		for (int k = 0; k < nfb; k++)
			free(fallback[k]);
		nbody++;
		/* the pages this line serves are done */
		int k = 0;
		for (int i = 0; i < ntodo; i++) {
			int *ids = NULL;
			int n = outermost(&pages[todo[i]], chosen, &ids);
			free(ids);
			if (n <= 0)
				todo[k++] = todo[i];
		}
		free(chosen);
		free(sub);
		if (k == ntodo)
			break;
		ntodo = k;
	}
	add_strips(r, &strips, log);
	learn_cands_free(&strips);
	free(todo);
	for (int i = 0; i < np; i++)
		lp_free(&pages[i]);
	free(pages);
	return nbody;
}
