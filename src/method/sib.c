/* sib.c - noise found again in sibling pages (doc/algorithms.md#sib) in
 * the table. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "method/method.h"
#include "run.h"
#include "method/sib-similarity.h"
#include "sitetext.h"

struct long_texts {
	uint64_t *h;            /* hashes of a page's longer texts, sorted */
	int n;
};

struct sib_site {
	struct sib_string *s;   /* each loaded sibling page's body string */
	struct long_texts *lt;  /* and its longer texts (text_share) */
	char **path;            /* its real path */
	int n;
	struct site_text *text; /* their texts, to find a block's again */
};

struct sib_state {
	double *tagsim, *textsim;   /* per block root, -1 elsewhere */
	int nsib;                   /* sibling pages compared with */
	int noise;                  /* blocks found in a sibling */
	int same;                   /* siblings left out: the page's own text */
	int others, need;           /* sib.text: the pages its texts are
				       counted on, and how many find one again */
	int *recur;                 /* per text block: siblings holding all its
				       text (sitetext.h), -1 elsewhere */
	int *by;                    /* per block root: the sibling whose match
				       is shown (sib_decide), -1 for none */
	char **names;               /* the nsib siblings' file names */
};

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* A page's longer texts (nodes of SAME_LEN bytes or more), hashed in
 * the page's order, with their lengths into len when it is not NULL. */
#define SAME_LEN 40
#define SAME_SHARE 0.9
static void
long_texts(const struct sib_string *t, struct long_texts *out, int *len)
{
	out->h = xmalloc(((size_t)t->n + 1) * sizeof *out->h);
	out->n = 0;
	for (int k = 0; k < t->n; k++)
		if (t->v[k].len >= SAME_LEN) {
			if (len)
				len[out->n] = t->v[k].len;
			out->h[out->n++] = hash_bytes(t->v[k].text, (size_t)t->v[k].len);
		}
}

/* A sibling's share of the page's longer texts, by bytes: how much of
 * what the page says stands in it word for word.  page holds the page's
 * longer texts' hashes (unsorted, in its order) and len their lengths. */
static double
text_share(const struct long_texts *page, const int *len, const struct long_texts *t)
{
	long all = 0, found = 0;
	for (int k = 0; k < page->n; k++) {
		all += len[k];
		if (t->n && bsearch(&page->h[k], t->h, (size_t)t->n, sizeof *t->h, cmp_u64))
			found += len[k];
	}
	return all ? (double)found / (double)all : 0;
}

static void *
sib_site_new(const struct site_pages *sp, const struct params *p, FILE *verbose)
{
	(void)p, (void)verbose;
	struct sib_site *st = xcalloc(1, sizeof *st);
	st->s = xcalloc((size_t)sp->n + 1, sizeof *st->s);
	st->lt = xcalloc((size_t)sp->n + 1, sizeof *st->lt);
	st->path = xcalloc((size_t)sp->n + 1, sizeof *st->path);
	for (int i = 0; i < sp->n; i++) {
		if (!sp->pages[i].dom)
			continue;
		sib_string_build(sp->pages[i].dom, sp->pages[i].dom->body, &st->s[st->n]);
		/* sorted, to be searched for every page decided */
		struct long_texts *lt = &st->lt[st->n];
		long_texts(&st->s[st->n], lt, NULL);
		qsort(lt->h, (size_t)lt->n, sizeof *lt->h, cmp_u64);
		st->path[st->n++] = xstrdup(sp->path[i]);
	}
	st->text = site_text_new();
	for (int i = 0; i < sp->n; i++)
		if (sp->pages[i].dom)
			site_text_add(st->text, sp->pages[i].dom, sp->path[i]);
	return st;
}

static void
sib_site_free(void *site)
{
	struct sib_site *st = site;
	if (!st)
		return;
	for (int i = 0; i < st->n; i++) {
		sib_string_free(&st->s[i]);
		free(st->lt[i].h);
		free(st->path[i]);
	}
	free(st->s);
	free(st->lt);
	free(st->path);
	site_text_free(st->text);
	free(st);
}

static void
sib_state_free(void *state)
{
	struct sib_state *s = state;
	if (!s)
		return;
	free(s->tagsim);
	free(s->recur);
	free(s->by);
	for (int k = 0; k < s->nsib; k++)
		free(s->names[k]);
	free(s->names);
	free(s);
}

static void
sib_method_decide(struct page *pg, const void *site, int index, const char *name,
	   const struct params *p, void **state, struct decision *dc)
{
	(void)index;
	const struct sib_site *st = site;
	const struct dom *d = pg->dom;
	sib_state_free(*state);
	struct sib_state *s = xcalloc(1, sizeof *s);
	*state = s;
	s->tagsim = xcalloc(2 * (size_t)d->n + 1, sizeof *s->tagsim);
	s->textsim = s->tagsim + d->n;
	s->by = xmalloc(((size_t)d->n + 1) * sizeof *s->by);
	s->names = xcalloc(st ? (size_t)st->n + 1 : 1, sizeof *s->names);
	/* a page is not its own sibling */
	const struct sib_string **sibs = xcalloc(st ? (size_t)st->n + 1 : 1, sizeof *sibs);
	char *self = name ? realpath(name, NULL) : NULL;
	struct sib_string me;
	sib_string_build(d, d->body, &me);
	/* the page's longer texts, hashed once for every sibling */
	struct long_texts mine;
	int *mylen = xmalloc(((size_t)me.n + 1) * sizeof *mylen);
	long_texts(&me, &mine, mylen);
	/* nor is the page at another address: a sibling that holds nearly
	 * all of its longer texts word for word would find every block
	 * again (on the dev sites such a copy holds 100 %, other pages of
	 * the template at most 45 %) */
	for (int i = 0; st && i < st->n; i++) {
		if (self && !strcmp(st->path[i], self))
			continue;
		if (text_share(&mine, mylen, &st->lt[i]) >= SAME_SHARE)
			s->same++;
		else {
			const char *base = strrchr(st->path[i], '/');
			s->names[s->nsib] = xstrdup(base && base[1] ? base + 1 : st->path[i]);
			sibs[s->nsib++] = &st->s[i];
		}
	}
	free(mine.h);
	free(mylen);
	sib_string_free(&me);
	sib_decide(d, pg->m, sibs, s->nsib, p, NULL, dc, s->tagsim, s->textsim, s->by);
	free(sibs);
	/* where the tree cut a block coarser than the template's parts: a
	 * text block all of whose text stands on half the siblings is found
	 * again too (sib.text, off: the paper's blocks alone) */
	if (st && p->sib_text && s->nsib > 0) {
		s->recur = xmalloc(((size_t)d->n + 1) * sizeof *s->recur);
		site_text_blocks(st->text, d, self, s->recur);
		s->others = site_text_pages(st->text, self);
		int need = s->need = site_text_need(s->others);
		for (int b = 0; b < d->n; b++)
			if (dc->content[b] && s->recur[b] >= need) {
				dc->content[b] = 0;
				dc->reason[b] = REASON_TEMPLATE;
			}
	}
	free(self);
	for (int i = 0; i < d->n; i++) {
		int par = d->parent[i];
		s->noise += dc->reason[i] == REASON_NOISE_BLOCK &&
			    (par < 0 || dc->reason[par] != REASON_NOISE_BLOCK);
	}
}

static double
sib_tagsim(const void *state, int i)
{
	return ((const struct sib_state *)state)->tagsim[i];
}

static double
sib_textsim(const void *state, int i)
{
	return ((const struct sib_state *)state)->textsim[i];
}

static const struct method_column sib_columns[] = {
	{ .name = "TAGSIM", .decimals = 3, .width = 6, .blank_negative = true, .value = sib_tagsim,
	  .help = "tag similarity of the block's match in a sibling page: the one that made it noise, else the best" },
	{ .name = "TEXTSIM", .decimals = 3, .blank_negative = true, .value = sib_textsim,
	  .help = "text similarity of that match, in characters" },
};

static void
sib_explain(const struct run *r, const struct page *pg, const struct params *p,
	    int i, const struct explain *x)
{
	const struct sib_state *s = r->state;
	const struct dom *d = pg->dom;
	if (!s)
		return;
	if (s->nsib == 0)
		explain_printf(x, EXPLAIN_DIM, "no sibling pages: nothing can be found again "
			       "(--siblings FILE|DIR)");
	else
		explain_printf(x, EXPLAIN_DIM, "compared with %d sibling page%s, %d noise block%s",
			       s->nsib, s->nsib == 1 ? "" : "s", s->noise, s->noise == 1 ? "" : "s");
	if (s->same)
		explain_printf(x, EXPLAIN_DIM, "%d page%s left out: %s 90 %% or more of this page's "
			       "longer texts word for word (the page at another address)", s->same,
			       s->same == 1 ? "" : "s", s->same == 1 ? "it holds" : "each holds");
	if (s->recur && s->recur[i] >= 0) {
		explain_printf(x, s->recur[i] >= s->need ? EXPLAIN_NOISE : EXPLAIN_NORMAL,
			       "its text stands on %d of the %d sibling pages (sib.text: %d find it "
			       "again)%s", s->recur[i], s->others, s->need,
			       r->dc.reason[i] == REASON_TEMPLATE ? ": noise" : "");
	}
	int b = i;
	while (b >= 0 && s->tagsim[b] < 0)
		b = d->parent[b];
	if (b < 0 && d->head >= 0 && dom_contains(d, d->head, i)) {
		explain_printf(x, EXPLAIN_NOISE, "in head: no block, never the page's text %s noise",
			       x->to);
		return;
	}
	if (b < 0) {
		explain_printf(x, EXPLAIN_NORMAL, "not inside a block %s %s", x->to,
			       r->dc.content[i] ? "content" : "noise");
		return;
	}
	struct buf l;
	buf_init(&l);
	explain_label(x, d, b, &l);
	if (b != i)
		explain_printf(x, EXPLAIN_NORMAL, "inside the block %s (line %d)", l.data, d->line[b]);
	bool found = r->dc.reason[b] == REASON_NOISE_BLOCK;
	/* the match that made it noise, or the best of all when none did */
	bool both = s->tagsim[b] >= p->sib_alpha && s->textsim[b] >= p->sib_beta;
	if (s->by[b] < 0)
		explain_printf(x, EXPLAIN_NORMAL, "no match: no sibling page has a part "
			       "like it");
	else
		explain_printf(x, EXPLAIN_NORMAL, "%s in %s: tag similarity %.3f (sib.alpha=%g), "
			       "text similarity %.3f (sib.beta=%g)", both ? "the match that decided" :
			       "best match", s->names[s->by[b]], s->tagsim[b], p->sib_alpha,
			       s->textsim[b], p->sib_beta);
	/* found by its tags alone: a slot of the template whose content
	 * changes (the figures are the block's, whatever the pins did) */
	enum sib_slot slot = found && s->textsim[b] < p->sib_beta ?
			     sib_slot(d, pg->m, b, p) : SIB_SLOT_NONE;
	if (slot == SIB_SLOT_LINKS)
		explain_printf(x, EXPLAIN_NOISE, "its tags are found again, not its text: link "
			       "text %ld of %ld characters > sib.links=%g", (long)pg->m->LT[b],
			       (long)pg->m->LT[b] + (long)pg->m->TA[b], p->sib_links);
	else if (slot == SIB_SLOT_SHORT)
		explain_printf(x, EXPLAIN_NOISE, "its tags are found again, not its text: none of "
			       "its texts has sib.prose=%d characters", p->sib_prose);
	/* the block test's verdict; a template's text was dropped above it */
	if (r->dc.reason[i] == REASON_TEMPLATE && !found)
		explain_printf(x, EXPLAIN_NOISE, "%s no block of a sibling page matches it, but its "
			       "text stands on enough of them: noise (template)", x->to);
	else
		explain_printf(x, found ? EXPLAIN_NOISE : EXPLAIN_CONTENT, "%s %s", x->to,
			       slot ? "a slot of the template whose content changes: noise" :
			       found ? "found again in a sibling page: noise" :
			       "no sibling page has it: content");
	buf_free(&l);
}

static void
sib_report(const struct run *r, const struct page *pg, const char *name, FILE *f)
{
	const struct sib_state *s = r->state;
	(void)pg;
	if (s)
		fprintf(f, "%s: %d sibling pages, %d noise blocks%s\n", name, s->nsib, s->noise,
			s->same ? " (a copy of the page left out)" : "");
}

static const struct param_desc sib_params[] = {
	{ "sib.alpha", "sib", PARAM_DOUBLE, false, PARAM_OFF(sib_alpha), 0.8, 0, 1, 0.01,
	  "tag similarity at which a block is noise", NULL, NULL },
	{ "sib.beta", "sib", PARAM_DOUBLE, false, PARAM_OFF(sib_beta), 0.6, 0, 1, 0.01,
	  "text similarity at which a block is noise", NULL, NULL },
	{ "sib.max", "sib", PARAM_INT, false, PARAM_OFF(sib_max), 3, 0, 100, 1,
	  "nodes the fuzzy match may slide over", NULL, NULL },
	{ "sib.pdoc", "sib", PARAM_INT, false, PARAM_OFF(sib_pdoc), 10, 1, 100, 1,
	  "permitted degree of coherence (segmentation depth)", NULL, NULL },
	{ "sib.text", "sib", PARAM_BOOL, false, PARAM_OFF(sib_text), 1, 0, 1, 1,
	  "a text block whose text stands on half the siblings is noise too (on/off: the paper's blocks alone)",
	  NULL, NULL },
	{ "sib.links", "sib", PARAM_DOUBLE, false, PARAM_OFF(sib_links), 0.5, 0, 1, 0.05,
	  "link share above which a block whose tags are found again is noise (1: the paper's test alone)",
	  NULL, NULL },
	{ "sib.prose", "sib", PARAM_INT, false, PARAM_OFF(sib_prose), 40, 0, 10000, 5,
	  "a block whose tags are found again, none of whose texts has this many characters, is noise (0: the paper's test alone)",
	  NULL, NULL },
};

static const enum reason sib_reasons[] = {
	REASON_NOISE_BLOCK, REASON_TEMPLATE, REASON_UNIQUE,
};

const struct method method_sib = {
	.name = "sib",
	.summary = "noise found again in sibling pages of the same site",
	.params = sib_params,
	.nparams = sizeof sib_params / sizeof sib_params[0],
	.reasons = sib_reasons,
	.nreasons = sizeof sib_reasons / sizeof sib_reasons[0],
	.needs_dom = true,
	.site_pages = SITE_SIBLINGS_OR_INPUTS,
	.min_site = 1,
	.site_new = sib_site_new,
	.site_free = sib_site_free,
	.decide = sib_method_decide,
	.state_free = sib_state_free,
	.columns = sib_columns,
	.ncolumns = 2,
	.explain = sib_explain,
	.report = sib_report,
};
