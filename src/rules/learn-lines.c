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
	uint64_t *toks;      /* the page's id and class tokens, hashed, sorted */
	int ntoks;
};

static uint64_t
token_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Every id and class token of d, hashed, sorted, each once. */
static void
page_tokens(struct lp *p)
{
	const struct dom *d = p->d;
	int cap = 64, n = 0;
	uint64_t *v = xmalloc((size_t)cap * sizeof *v);
	for (int e = 0; e < d->n; e++) {
		const char *attrs[2] = { dom_attr(d, e, "id"), dom_attr(d, e, "class") };
		for (int a = 0; a < 2; a++)
			for (const char *q = attrs[a]; q && *q;) {
				while (*q && isspace((unsigned char)*q))
					q++;
				size_t k = 0;
				while (q[k] && !isspace((unsigned char)q[k]))
					k++;
				if (k) {
					if (n == cap) {
						cap *= 2;
						v = xreallocarray(v, (size_t)cap, sizeof *v);
					}
					v[n++] = token_hash(q, k);
				}
				q += k;
			}
	}
	qsort(v, (size_t)n, sizeof *v, cmp_u64);
	int k = 0;
	for (int i = 0; i < n; i++)
		if (k == 0 || v[i] != v[k - 1])
			v[k++] = v[i];
	p->toks = v;
	p->ntoks = k;
}

/* Are a and b of one layout: do they share at least 0.3 of their id and
 * class tokens (Jaccard)?  Pages of one template share most (0.65 to 1
 * on the bench's news sites); a page of another layout of the site, or
 * of another host, shares next to none (0.01 to 0.2). */
static bool
same_layout(const struct lp *a, const struct lp *b)
{
	int i = 0, j = 0, both = 0;
	while (i < a->ntoks && j < b->ntoks) {
		if (a->toks[i] == b->toks[j])
			both++, i++, j++;
		else if (a->toks[i] < b->toks[j])
			i++;
		else
			j++;
	}
	int any = a->ntoks + b->ntoks - both;
	return any == 0 || both * 10 >= any * 3;
}

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

/* Text t of d and where it stands (its element's path of tags, ids and
 * classes, as sitetext.c hashes it), as one number; 0 when blank. */
static uint64_t
slot_text_hash(const struct dom *d, const uint64_t *path, int t)
{
	uint64_t h = site_text_hash(d, t);
	int e = d->texts[t].elem;
	if (!h || e < 0)
		return h;
	return ((h ^ path[e]) * 1099511628211ULL) | 1;
}

/* Each text node's slot_text_hash on d; the caller frees it. */
static uint64_t *
slot_texts(const struct dom *d)
{
	uint64_t *path = xmalloc(((size_t)d->n + 1) * sizeof *path);
	uint64_t *text = xmalloc(((size_t)d->n + 1) * sizeof *text);
	site_block_hashes(d, path, text);
	uint64_t *h = xmalloc(((size_t)d->ntexts + 1) * sizeof *h);
	for (int t = 0; t < d->ntexts; t++)
		h[t] = slot_text_hash(d, path, t);
	free(path);
	free(text);
	return h;
}

/* Text the method kept that stands, the same and in the same place, on
 * at least half of the pages (two at least) is the template's, not an
 * article's: kept[] of every page, copied into own[], says so.  The
 * place counts: a story's headline and lead stand again in its card on
 * the list pages, and a card on two list pages of five, and neither is
 * the template's. */
static void
template_texts(const struct rules_learn_page *in, int np, uint8_t **own)
{
	size_t total = 0;
	for (int i = 0; i < np; i++)
		total += (size_t)in[i].d->ntexts;
	struct occ *o = xmalloc((total + 1) * sizeof *o);
	uint64_t **slot = xcalloc((size_t)np + 1, sizeof *slot);
	size_t k = 0;
	for (int i = 0; i < np; i++) {
		slot[i] = slot_texts(in[i].d);
		for (int t = 0; t < in[i].d->ntexts; t++)
			if (slot[i][t])
				o[k++] = (struct occ){ slot[i][t], i };
	}
	qsort(o, k, sizeof *o, cmp_occ);
	int need = site_text_need(np);
	for (size_t a = 0; a < k;) {
		size_t b = a;
		int pages = 0;
		for (; b < k && o[b].h == o[a].h; b++)
			pages += b == a || o[b].page != o[b - 1].page;
		if (np >= 2 && pages >= need)
			for (int i = 0; i < np; i++)
				for (int t = 0; t < in[i].d->ntexts; t++)
					if (own[i][t] && own[i][t] != 3 && slot[i][t] == o[a].h)
						own[i][t] = 2;
		a = b;
	}
	free(o);
	for (int i = 0; i < np; i++)
		free(slot[i]);
	free(slot);
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
	page_tokens(p);
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
	free(p->toks);
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
			/* the body itself is the anchor: the scope puts
			 * it there, and twice it would ask for one inside
			 * the other */
			b.len = p->in[anc] && (d->parent[anc] < 0 || !p->in[d->parent[anc]]) ? 0 : base;
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
	/* what pith leaves out and a reader of the rule would keep: a
	 * dialog over the page (dom_dialog) */
	"//dialog[not(@open)]", "//*[@aria-modal='true']", "//*[@popover]",
	"//*[@role='dialog' or @role='alertdialog'][not(@aria-modal='false')]",
};

/* Does some element of d have tok as its id or as a class token? */
static bool
token_on_page(const struct dom *d, const char *tok)
{
	size_t n = strlen(tok);
	for (int e = 0; e < d->n; e++) {
		const char *id = dom_attr(d, e, "id");
		if (id && !strcmp(id, tok))
			return true;
		const char *cls = dom_attr(d, e, "class");
		for (const char *p = cls ? strstr(cls, tok) : NULL; p; p = strstr(p + 1, tok))
			if ((p == cls || isspace((unsigned char)p[-1])) &&
			    (!p[n] || isspace((unsigned char)p[n])))
				return true;
	}
	return false;
}

/* Is every id and class token expr's last step tests the site's, not one
 * page's own (a story's counter or slug)?  It is when it stands on every
 * learnt page of the layout of each page that has it, or recurs on two
 * of them at least (a box some stories have and others lack: where the
 * box is, the token is).  A page of another layout (another host's, an
 * older template) has tokens of its own. */
static bool
tokens_everywhere(struct lp *pages, int np, const char *expr)
{
	char tok[4][128];
	bool single;
	int n = learn_step_tokens(expr, tok, 4, &single);
	for (int k = 0; k < n; k++) {
		uint8_t *has = xcalloc((size_t)np, 1);
		for (int i = 0; i < np; i++)
			has[i] = token_on_page(pages[i].d, tok[k]);
		bool ok = true;
		for (int i = 0; i < np && ok; i++) {
			int peers = 0, with = 0;
			for (int j = 0; j < np && has[i]; j++)
				if (same_layout(&pages[i], &pages[j])) {
					peers++;
					with += has[j];
				}
			ok = !has[i] || with == peers || with >= 2;
		}
		free(has);
		if (!ok)
			return false;
	}
	return true;
}

/* A strip: of one id or class token as strip_id_or_class: says it: when
 * neither reading of that line (graby's whole token or id, Full-Text
 * RSS's substring) takes kept text from any page.  The token into tok. */
static bool
as_id_or_class(struct lp *pages, int np, const char *expr, char tok[128])
{
	char t[4][128];
	bool single;
	if (learn_step_tokens(expr, t, 4, &single) != 1 || !single || strchr(t[0], '\''))
		return false;
	struct buf g, f;
	buf_init(&g);
	buf_init(&f);
	buf_printf(&g, "//*[contains(concat(' ',normalize-space(@class),' '),' %s ') or @id='%s']",
		   t[0], t[0]);
	buf_printf(&f, "//*[contains(@class,'%s') or contains(@id,'%s')]", t[0], t[0]);
	bool ok = judge_strip(pages, np, g.data).kept == 0 && judge_strip(pages, np, f.data).kept == 0;
	if (ok) {
		apply_cut(pages, np, g.data);
		snprintf(tok, 128, "%s", t[0]);
	}
	buf_free(&g);
	buf_free(&f);
	return ok;
}

/* Greedy: the candidate that removes most of the body's dropped text
 * without removing kept text, until none gains.  Tier 1 first (ids,
 * classes, attributes, tags), then recurring text, then positions that
 * hold on every page, then the generic kinds that keep nothing kept. */
static int
learn_strips(struct lp *pages, int np, int nserved, struct cands *tiers, struct cands *chosen,
	     struct cands *by_token)
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
					  (tier != 0 || tokens_everywhere(pages, np, c->v[i])) &&
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
			char tok[128];
			if ((tier == 0 || tier == 3) && as_id_or_class(pages, np, c->v[best], tok)) {
				learn_cand_add(by_token, tok);
				dead[best] = 1;
				added++;
				continue;
			}
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

/* Where an element has no id or class of its own (a table layout of
 * the 2000s: the article in a td, in a font): expressions from what is
 * stable around it, which the judge verifies on every page like any
 * other: a path from the nearest ancestor with an id or class, the
 * cell's place in a row of so many cells (the table's shape), the
 * element of its kind that holds the page's one heading, and the path
 * from body. */
static void
shape_cands(const struct dom *d, int e, struct cands *c)
{
	if (e == d->body || dom_attr(d, e, "id") || dom_attr(d, e, "class"))
		return;
	const char *tag = dom_tagname(d, e);
	struct buf b;
	buf_init(&b);
	int anc;
	if (learn_anchor_expr(d, e, &anc, &b)) {
		rules_steps_below(d, anc, e, &b);
		learn_cand_add(c, b.data);
	}
	int par = d->parent[e];
	if (par >= 0 && (!strcmp(tag, "td") || !strcmp(tag, "th"))) {
		int cells = 0, k = 0;
		for (int s = d->first_child[par]; s >= 0; s = d->next_sibling[s])
			if (d->tag[s] == d->tag[e]) {
				cells++;
				if (s <= e)
					k++;
			}
		b.len = 0;
		buf_printf(&b, "//%s[count(%s)=%d]/%s[%d]", dom_tagname(d, par), tag, cells, tag, k);
		learn_cand_add(c, b.data);
	}
	static const char *const heads[] = { "h1", "h2", "h3" };
	for (size_t h = 0; h < 3; h++) {
		int ht = dom_tag_id(d, heads[h]), nh = 0, inside = 0;
		for (int x = 0; ht >= 0 && x < d->n; x++)
			if (d->tag[x] == ht) {
				nh++;
				for (int a = x; a >= 0 && !inside; a = d->parent[a])
					inside = a == e;
			}
		if (nh == 1 && inside) {
			b.len = 0;
			buf_printf(&b, "//%s[.//%s][not(.//%s[.//%s])]", tag, heads[h], tag, heads[h]);
			learn_cand_add(c, b.data);
			break;
		}
	}
	b.len = 0;
	buf_adds(&b, "/html/body");
	rules_steps_below(d, d->body, e, &b);
	learn_cand_add(c, b.data);
	buf_free(&b);
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
		shape_cands(d, a, c);
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

/* Do a and b test the same id or class token (a class said whole and
 * as a token)? */
static bool
same_anchor(const char *a, const char *b)
{
	char ta[4][128], tb[4][128];
	bool sa, sb;
	int na = learn_step_tokens(a, ta, 4, &sa), nb = learn_step_tokens(b, tb, 4, &sb);
	return na == 1 && nb == 1 && !strcmp(ta[0], tb[0]);
}

/* What expr selects on each page, as one number. */
static uint64_t
selection_sig(struct lp *pages, int np, const char *expr)
{
	uint64_t h = 1469598103934665603ULL;
	for (int i = 0; i < np; i++) {
		int *ids = NULL;
		int n = outermost(&pages[i], expr, &ids);
		for (int k = 0; k < n; k++)
			h = (h ^ (uint64_t)(ids[k] + 1)) * 1099511628211ULL;
		h = (h ^ 0xFFFFFFFFULL) * 1099511628211ULL;
		free(ids);
	}
	return h;
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
	uint64_t sigs[3] = { 0, 0, 0 };
	for (int k = 0; k < ntop && chosen && *nfb < 2; k++) {
		int i = top[k];
		if (sc[i].pages_none || sc[i].mean < bs.mean - 0.05 || strstr(chosen, c.v[i]))
			continue;
		/* of two fallbacks that select the same the first, the
		 * shorter, is enough, and the body: line's own token said
		 * another way is none; another anchor that selects what the
		 * body: line does is for a layout where that line's is
		 * missing */
		uint64_t g = selection_sig(sub, n, c.v[i]);
		bool same = same_anchor(chosen, c.v[i]);
		for (int j = 1; j <= *nfb && !same; j++)
			same = sigs[j] == g;
		if (same)
			continue;
		sigs[*nfb + 1] = g;
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
	    struct cands *strips, struct cands *by_token)
{
	struct cands tiers[4] = { { 0 }, { 0 }, { 0 }, { 0 } };
	for (size_t g = 0; g < sizeof generic_strips / sizeof *generic_strips; g++)
		learn_cand_add(&tiers[3], generic_strips[g]);
	/* text for screen readers alone, which pith leaves out and a reader
	 * of the rule would keep: by its class (dom_screen_reader) */
	for (size_t k = 0; dom_screen_reader_class(k); k++) {
		char e[160];
		snprintf(e, sizeof e, "//*[contains(concat(' ',normalize-space(@class),' '),' %s ')]",
			 dom_screen_reader_class(k));
		learn_cand_add(&tiers[3], e);
	}
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
	learn_strips(pages, np, nserved, tiers, strips, by_token);
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

/* The strip: and strip_id_or_class: lines learnt that the rule does not
 * have yet. */
static void
add_strips(struct rule *r, const struct cands *strips, const struct cands *by_token,
	   struct buf *log)
{
	int npos = 0, nnew = 0;
	for (int i = 0; i < by_token->n; i++) {
		bool dup = false;
		for (int k = 0; k < r->strip_id_or_class.n && !dup; k++) {
			char *v = rules_unquoted(r->strip_id_or_class.v[k]);
			dup = !strcmp(v, by_token->v[i]);
			free(v);
		}
		if (!dup) {
			rule_add(r, "strip_id_or_class", by_token->v[i]);
			nnew++;
		}
	}
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
		  struct buf *log, struct rules_learn_why *why)
{
	if (why) {
		why->page = -1;
		why->expr[0] = '\0';
	}
	if (np <= 0)
		return 0;
	struct lp *pages = learn_pages(in, np);
	int *todo = xmalloc((size_t)np * sizeof *todo);
	int ntodo = 0;
	for (int i = 0; i < np; i++)
		if (pages[i].totK > 0)
			todo[ntodo++] = i;
	int nbody = 0;
	struct cands strips = { 0 }, by_token = { 0 };
	/* the file's own strip: lines are applied already */
	for (int i = 0; i < r->strip.n; i++) {
		learn_cand_add(&strips, r->strip.v[i]);
		apply_cut(pages, np, r->strip.v[i]);
	}
	for (int i = 0; i < r->strip_id_or_class.n; i++) {
		char *v = rules_unquoted(r->strip_id_or_class.v[i]);
		if (!strchr(v, '\'')) {
			struct buf g;
			buf_init(&g);
			buf_printf(&g, "//*[contains(concat(' ',normalize-space(@class),' '),' %s ') "
				   "or @id='%s']", v, v);
			apply_cut(pages, np, g.data);
			buf_free(&g);
		}
		free(v);
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
		if ((!chosen || bs.mean <= 0) && why && round == 0) {
			/* nothing holds: the best there was, and a page it misses */
			snprintf(why->expr, sizeof why->expr, "%s", chosen ? chosen : "");
			for (int i = 0; chosen && i < ntodo && why->page < 0; i++) {
				int *ids = NULL;
				if (outermost(&pages[todo[i]], chosen, &ids) <= 0)
					why->page = todo[i];
				free(ids);
			}
		}
		if (!chosen || bs.mean <= 0) {
			for (int k = 0; k < nfb; k++)
				free(fallback[k]);
			free(chosen);
			free(sub);
			break;
		}
		int nserved = body_strips(pages, np, todo, ntodo, chosen, &strips, &by_token);
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
	add_strips(r, &strips, &by_token, log);
	learn_cands_free(&strips);
	learn_cands_free(&by_token);
	free(todo);
	for (int i = 0; i < np; i++)
		lp_free(&pages[i]);
	free(pages);
	return nbody;
}
