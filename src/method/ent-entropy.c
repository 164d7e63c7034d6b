/* ent-entropy.c - pre-pruning, entropy weights and the descent from body. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "method/ent-entropy.h"
#include "method/sib-similarity.h"

void
entropy_weights(const double *x, int m, int k, double *w)
{
	double sum1 = 0;
	for (int j = 0; j < k; j++) {
		double e = 0;
		if (m > 1) {
			double s = 0;
			for (int i = 0; i < m; i++)
				s += x[i * k + j];
			for (int i = 0; i < m; i++) {
				double pij = s > 0 ? x[i * k + j] / s : 1.0 / m;
				if (pij > 0)
					e -= pij * log(pij);
			}
			e /= log((double)m);
		}
		w[j] = 1 - e;
		sum1 += w[j];
	}
	for (int j = 0; j < k; j++)
		w[j] = sum1 > 1e-12 ? w[j] / sum1 : 1.0 / k;
}

void
entropy_importance(const double *x, int m, int k, const double *w, double *ipt)
{
	for (int i = 0; i < m; i++)
		ipt[i] = 0;
	for (int j = 0; j < k; j++) {
		double s = 0;
		for (int i = 0; i < m; i++)
			s += x[i * k + j];
		for (int i = 0; i < m; i++)
			ipt[i] += w[j] * (s > 0 ? x[i * k + j] / s : 1.0 / m);
	}
}

double
entropy_variance(const double *v, int m)
{
	if (m <= 1)
		return 0;
	double mu = 0, s = 0;
	for (int i = 0; i < m; i++)
		mu += v[i];
	mu /= m;
	for (int i = 0; i < m; i++)
		s += (v[i] - mu) * (v[i] - mu);
	return s / m;
}

double
entropy_variance_norm(const double *v, int m)
{
	if (m <= 1)
		return 1;
	double sum = 0, mu = 0, s = 0;
	for (int i = 0; i < m; i++)
		sum += v[i];
	if (!(sum > 0))
		return 0;
	mu = 1.0 / m;
	for (int i = 0; i < m; i++)
		s += (v[i] / sum - mu) * (v[i] / sum - mu);
	double r = s / m / ((m - 1.0) / ((double)m * m));
	return r > 1 ? 1 : r;
}

int
entropy_goes_down(const double *ipt, int m, const struct params *p)
{
	if (m <= 0)
		return 0;
	if (p->ent_stop == ENT_STOP_PAPER)
		return entropy_variance(ipt, m) < p->ent_var;
	return entropy_variance_norm(ipt, m) >= p->ent_var;
}

/* Tags that cannot hold content.  The paper's list also names a, ul and
 * h2; pith leaves those to the width/height/text test. */
static const char *const never_content[] = {
	"head", "style", "script", "noscript", "template", "link", "meta",
	"img", "iframe", "input", "select", "textarea", "button", "option",
	"optgroup", "datalist", "output", "keygen",
};

int
entropy_pruned(const struct dom *d, const struct metrics *m,
	       const struct geometry *g, const double *text, int i)
{
	if (d->flags[i] & DOM_SKIP)
		return 1;
	const char *tn = dom_tagname(d, i);
	for (size_t k = 0; k < sizeof never_content / sizeof never_content[0]; k++)
		if (!strcmp(tn, never_content[k]))
			return 1;
	return g->width[i] <= 0 || g->height[i] <= 0 || (text ? text[i] : m->TA[i]) <= 0;
}

int
entropy_is_container(const struct dom *d, int i)
{
	for (int c = d->first_child[i]; c >= 0; c = d->next_sibling[c])
		if (!(d->flags[c] & (DOM_PHRASING | DOM_SKIP)))
			return 1;
	return 0;
}

struct entropy *
entropy_find(const struct dom *d, const struct metrics *m,
	     const struct geometry *g, const struct params *p, const double *text)
{
	struct entropy *e = xcalloc(1, sizeof *e);
	e->n = d->n;
	e->ipt = xmalloc(((size_t)d->n + 1) * sizeof(double));
	for (int i = 0; i < d->n; i++)
		e->ipt[i] = -1;
	e->stop = d->body;
	e->why = "no body";
	if (d->body < 0)
		return e;
	int *kids = xmalloc(((size_t)d->n + 1) * sizeof *kids);
	double *x = xmalloc(((size_t)d->n + 1) * ENT_NATTR * sizeof *x);
	double *ipt = xmalloc(((size_t)d->n + 1) * sizeof *ipt);
	int cap = 0;
	int cur = d->body;
	for (;;) {
		int k = 0;
		for (int c = d->first_child[cur]; c >= 0; c = d->next_sibling[c]) {
			if (entropy_pruned(d, m, g, text, c))
				continue;
			kids[k] = c;
			x[k * ENT_NATTR + ENT_HEIGHT] = g->height[c];
			x[k * ENT_NATTR + ENT_WIDTH] = g->width[c];
			x[k * ENT_NATTR + ENT_TEXT] = text ? text[c] : m->TA[c];
			k++;
		}
		if (e->nsteps == cap) {
			cap = cap ? cap * 2 : 8;
			e->steps = xreallocarray(e->steps, (size_t)cap, sizeof *e->steps);
		}
		struct entropy_step *st = &e->steps[e->nsteps++];
		memset(st, 0, sizeof *st);
		st->node = cur;
		st->nkids = k;
		st->best = -1;
		if (k == 0) {
			e->why = "no children left after pruning";
			break;
		}
		entropy_weights(x, k, ENT_NATTR, st->w);
		entropy_importance(x, k, ENT_NATTR, st->w, ipt);
		int best = 0;
		for (int i = 0; i < k; i++) {
			e->ipt[kids[i]] = ipt[i];
			if (ipt[i] > ipt[best])
				best = i;
		}
		st->variance = entropy_variance(ipt, k);
		st->vnorm = entropy_variance_norm(ipt, k);
		st->down = entropy_goes_down(ipt, k, p);
		st->best = kids[best];
		if (!st->down) {
			e->why = p->ent_stop == ENT_STOP_PAPER ?
				"variance at or above ent.var" :
				"no child dominates: variance/max below ent.var";
			break;
		}
		if (!entropy_is_container(d, kids[best])) {
			e->why = "the most important child is not a container";
			break;
		}
		cur = kids[best];
	}
	e->stop = cur;
	free(kids);
	free(x);
	free(ipt);
	return e;
}

void
entropy_free(struct entropy *e)
{
	if (!e)
		return;
	free(e->ipt);
	free(e->steps);
	free(e);
}

void
entropy_decide(const struct dom *d, int stop, const uint8_t *pins,
	       struct decision *dc)
{
	for (int i = 0; i < d->n; i++) {
		int in = stop >= 0 && dom_contains(d, stop, i);
		dc->content[i] = (uint8_t)in;
		dc->reason[i] = in ? REASON_PATH :
			stop >= 0 && dom_contains(d, i, stop) ? REASON_ABOVE : REASON_NOISE;
		dc->CS[i] = 0;
	}
	dc->region = stop;
	decide_apply_pins(d, pins, dc, NULL);
}

/* ---- extraction paths ---- */

/* Values with digits (post-1234, c7f3a) usually change from page to page
 * of a template, so they are not used as anchors. */
static int
stable_name(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (isdigit(c) || c == '\'' || c == '"' || isspace(c))
			return 0;
	}
	return 1;
}

static int
has_class_token(const char *cls, const char *tok, size_t tl)
{
	const char *s = cls;
	while (*s) {
		while (*s && isspace((unsigned char)*s))
			s++;
		const char *b = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if ((size_t)(s - b) == tl && !strncmp(b, tok, tl))
			return 1;
	}
	return 0;
}

static int
id_unique(const struct dom *d, const char *tag, const char *id)
{
	int count = 0;
	for (int i = 0; i < d->n && count < 2; i++) {
		const char *v = dom_attr(d, i, "id");
		if (v && !strcmp(v, id) && !strcmp(dom_tagname(d, i), tag))
			count++;
	}
	return count == 1;
}

/* A class token of e that no same-tag sibling has, or NULL (malloc'd). */
static char *
unique_class(const struct dom *d, int e)
{
	const char *cls = dom_attr(d, e, "class");
	int par = d->parent[e];
	if (!cls || par < 0)
		return NULL;
	const char *s = cls;
	while (*s) {
		while (*s && isspace((unsigned char)*s))
			s++;
		const char *b = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		size_t tl = (size_t)(s - b);
		if (!stable_name(b, tl))
			continue;
		int clash = 0;
		for (int c = d->first_child[par]; c >= 0 && !clash; c = d->next_sibling[c]) {
			if (c == e || d->tag[c] != d->tag[e])
				continue;
			const char *oc = dom_attr(d, c, "class");
			clash = oc && has_class_token(oc, b, tl);
		}
		if (!clash)
			return xstrndup(b, tl);
	}
	return NULL;
}

static void
xpath_step(struct buf *b, const struct ent_pstep *s)
{
	switch (s->pred) {
	case ENT_PRED_ID:
		buf_printf(b, "//%s[@id='%s']", s->tag, s->value);
		break;
	case ENT_PRED_CLASS:
		buf_printf(b, "/%s[contains(concat(' ',normalize-space(@class),' '),' %s ')]",
			   s->tag, s->value);
		break;
	case ENT_PRED_POS:
		buf_printf(b, "/%s[%d]", s->tag, s->pos);
		break;
	}
}

struct ent_path *
entropy_path_new(const struct dom *d, int node)
{
	struct ent_path *p = xcalloc(1, sizeof *p);
	int n = 0;
	for (int e = node; e >= 0 && e != d->body; e = d->parent[e])
		n++;
	p->n = n;
	p->steps = xcalloc((size_t)n + 1, sizeof *p->steps);
	int k = n - 1;
	for (int e = node; e >= 0 && e != d->body; e = d->parent[e], k--) {
		struct ent_pstep *s = &p->steps[k];
		s->tag = xstrdup(dom_tagname(d, e));
		s->pos = d->pos[e];
		const char *id = dom_attr(d, e, "id");
		char *cls;
		if (id && stable_name(id, strlen(id)) && id_unique(d, s->tag, id)) {
			s->pred = ENT_PRED_ID;
			s->value = xstrdup(id);
		} else if ((cls = unique_class(d, e)) != NULL) {
			s->pred = ENT_PRED_CLASS;
			s->value = cls;
		} else {
			s->pred = ENT_PRED_POS;
		}
	}
	/* The XPath starts at the last id anchor, or at /html/body. */
	int from = 0;
	for (int i = 0; i < n; i++)
		if (p->steps[i].pred == ENT_PRED_ID)
			from = i;
	struct buf b;
	buf_init(&b);
	if (n == 0 || p->steps[from].pred != ENT_PRED_ID) {
		buf_adds(&b, "/html/body");
		from = 0;
	}
	for (int i = from; i < n; i++)
		xpath_step(&b, &p->steps[i]);
	for (int i = 0; i < n; i++) {
		p->nid += p->steps[i].pred == ENT_PRED_ID;
		p->nclass += p->steps[i].pred == ENT_PRED_CLASS;
		p->npos += p->steps[i].pred == ENT_PRED_POS;
	}
	p->xpath = buf_steal(&b, NULL);
	return p;
}

void
entropy_path_free(struct ent_path *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->n; i++) {
		free(p->steps[i].tag);
		free(p->steps[i].value);
	}
	free(p->steps);
	free(p->xpath);
	free(p);
}

int
entropy_path_find(const struct ent_path *p, const struct dom *d)
{
	int cur = d->body;
	for (int k = 0; k < p->n && cur >= 0; k++) {
		const struct ent_pstep *s = &p->steps[k];
		int next = -1;
		if (s->pred == ENT_PRED_ID) {
			/* an id anchors anywhere in the page, as //tag[@id] does */
			for (int i = 0; i < d->n && next < 0; i++) {
				const char *v = dom_attr(d, i, "id");
				if (v && !strcmp(v, s->value) && !strcmp(dom_tagname(d, i), s->tag))
					next = i;
			}
		} else {
			for (int c = d->first_child[cur]; c >= 0 && next < 0; c = d->next_sibling[c]) {
				if (strcmp(dom_tagname(d, c), s->tag))
					continue;
				if (s->pred == ENT_PRED_POS ? d->pos[c] == s->pos :
				    dom_attr(d, c, "class") &&
				    has_class_token(dom_attr(d, c, "class"), s->value, strlen(s->value)))
					next = c;
			}
		}
		cur = next;
	}
	return cur;
}

const char *
entropy_path_kind(const struct ent_path *p)
{
	if (p->n == 0)
		return "body";
	if (p->npos)
		return "position";
	if (p->nclass)
		return "class";
	return "id";
}

/* ---- one path per template ---- */

int
entropy_hold_half(const struct dom *d, const double *text, int stop)
{
	if (!text || d->body < 0 || stop < 0)
		return stop;
	double total = text[d->body];
	while (total > 0 && stop != d->body && d->parent[stop] >= 0 && text[stop] * 2 < total)
		stop = d->parent[stop];
	return stop;
}

int
entropy_page_stop(const struct dom *d, const struct metrics *m,
		  const struct params *p, const double *text)
{
	struct geometry *g = geometry_estimate(d, m, p);
	struct entropy *e = entropy_find(d, m, g, p, text);
	int stop = e->stop;
	entropy_free(e);
	geometry_free(g);
	return entropy_hold_half(d, text, stop);
}

double *
entropy_own_text(const struct entropy_site *s, const struct dom *d, const struct metrics *m,
		 const struct params *p, const char *self_path)
{
	int others = s ? site_text_pages(s->text, self_path) : 0;
	if (!p->ent_own || others == 0)
		return NULL;
	int *cnt = xmalloc(((size_t)d->ntexts + 1) * sizeof *cnt);
	site_text_count(s->text, d, self_path, cnt);
	int need = site_text_need(others);
	double *t = xcalloc((size_t)d->n + 1, sizeof *t);
	/* the page's non-link text as TA counts it (a link is an a with an
	 * href; Unicode's white space, &nbsp; too, is no text), less the
	 * template's */
	for (int k = 0; k < d->ntexts; k++) {
		const struct dom_text *x = &d->texts[k];
		if (x->elem < 0 || x->flags & (TEXT_SKIP | TEXT_BREAK | TEXT_LINK) || cnt[k] >= need)
			continue;
		t[x->elem] += m->tchars[k];
	}
	for (int i = d->n - 1; i > 0; i--)
		if (d->parent[i] >= 0)
			t[d->parent[i]] += t[i];
	free(cnt);
	return t;
}

struct entropy_build {
	struct entropy_site *s;
	struct stm_tree **t;    /* per page, NULL for a failed one */
};

struct entropy_build *
entropy_build_new(int n)
{
	struct entropy_build *b = xcalloc(1, sizeof *b);
	struct entropy_site *s = b->s = xcalloc(1, sizeof *s);
	s->n = n;
	s->text = site_text_new();
	s->realpath = xcalloc((size_t)n + 1, sizeof *s->realpath);
	s->cluster = xmalloc(((size_t)n + 1) * sizeof *s->cluster);
	for (int i = 0; i < n; i++)
		s->cluster[i] = -1;
	s->sim = xcalloc((size_t)n + 1, sizeof *s->sim);
	s->sample = xmalloc(((size_t)n + 1) * sizeof *s->sample);
	b->t = xcalloc((size_t)n + 1, sizeof *b->t);
	return b;
}

void
entropy_build_add(struct entropy_build *b, int i, const struct dom *d, const char *path)
{
	struct entropy_site *s = b->s;
	if (i < 0 || i >= s->n)
		return;
	s->realpath[i] = path ? xstrdup(path) : NULL;
	if (!d)
		return;
	site_text_add(s->text, d, s->realpath[i]);
	b->t[i] = stm_tree_new(d);
}

int
entropy_build_pages(const struct entropy_build *b)
{
	int k = 0;
	for (int i = 0; i < b->s->n; i++)
		k += b->t[i] != NULL;
	return k;
}

struct entropy_site *
entropy_build_end(struct entropy_build *b, const struct params *p, entropy_reload reload,
		  void *ctx)
{
	struct entropy_site *s = b->s;
	int n = s->n, k = 0;
	struct stm_tree **t = xcalloc((size_t)n + 1, sizeof *t);
	int *idx = xmalloc(((size_t)n + 1) * sizeof *idx);
	for (int i = 0; i < n; i++)
		if (b->t[i]) {
			t[k] = b->t[i];
			idx[k++] = i;
		}
	int *cl = xmalloc(((size_t)k + 1) * sizeof *cl);
	int *lead = xmalloc(((size_t)k + 1) * sizeof *lead);
	s->nclusters = stm_cluster((const struct stm_tree *const *)t, k, p->ent_sim, cl, lead);
	s->path = xcalloc((size_t)s->nclusters + 1, sizeof *s->path);
	for (int c = 0; c < s->nclusters; c++) {
		int i = idx[lead[c]];
		s->sample[c] = i;
		const struct dom *d = NULL;
		const struct metrics *m = NULL;
		/* a sample that no longer loads: its pages fall back to their
		 * own descent (entropy_site_stop) */
		if (reload(ctx, i, &d, &m) < 0 || !d || !m)
			continue;
		double *own = entropy_own_text(s, d, m, p, s->realpath[i]);
		s->path[c] = entropy_path_new(d, entropy_page_stop(d, m, p, own));
		free(own);
	}
	reload(ctx, -1, NULL, NULL);
	for (int j = 0; j < k; j++) {
		s->cluster[idx[j]] = cl[j];
		s->sim[idx[j]] = j == lead[cl[j]] ? 1.0 : stm_similarity(t[j], t[lead[cl[j]]]);
	}
	for (int i = 0; i < n; i++)
		stm_tree_free(b->t[i]);
	free(b->t);
	free(b);
	free(t);
	free(idx);
	free(cl);
	free(lead);
	return s;
}

void
entropy_build_abandon(struct entropy_build *b)
{
	if (!b)
		return;
	for (int i = 0; i < b->s->n; i++)
		stm_tree_free(b->t[i]);
	free(b->t);
	entropy_site_free(b->s);
	free(b);
}

struct held {
	const struct dom *const *doms;
	const struct metrics *const *ms;
};

static int
reload_held(void *ctx, int i, const struct dom **d, const struct metrics **m)
{
	const struct held *h = ctx;
	if (i < 0)
		return 0;
	*d = h->doms[i];
	*m = h->ms[i];
	return 0;
}

struct entropy_site *
entropy_site_new(const struct dom *const *doms, const struct metrics *const *ms,
		 int n, const struct params *p, char *const *paths)
{
	struct entropy_build *b = entropy_build_new(n);
	for (int i = 0; i < n; i++)
		entropy_build_add(b, i, doms[i], paths ? paths[i] : NULL);
	struct held h = { doms, ms };
	return entropy_build_end(b, p, reload_held, &h);
}

void
entropy_site_free(struct entropy_site *s)
{
	if (!s)
		return;
	for (int c = 0; c < s->nclusters; c++)
		entropy_path_free(s->path[c]);
	for (int i = 0; i < s->n; i++)
		free(s->realpath[i]);
	free(s->realpath);
	site_text_free(s->text);
	free(s->path);
	free(s->cluster);
	free(s->sim);
	free(s->sample);
	free(s);
}

int
entropy_site_stop(const struct entropy_site *s, int i, const struct dom *d,
		  const struct metrics *m, const struct params *p, int *fallback)
{
	*fallback = 0;
	int c = i >= 0 && i < s->n ? s->cluster[i] : -1;
	int stop = c >= 0 && s->path[c] ? entropy_path_find(s->path[c], d) : -1;
	double *own = entropy_own_text(s, d, m, p, i >= 0 && i < s->n ? s->realpath[i] : NULL);
	double total = own && d->body >= 0 ? own[d->body] : 0;
	/* the path names nothing here, or a part with little of the page's
	 * own text (another layout of the template): the page's descent */
	if (stop < 0 || (own && total > 0 && own[stop] < total / 4)) {
		*fallback = 1;
		stop = entropy_page_stop(d, m, p, own);
	}
	stop = entropy_hold_half(d, own, stop);
	/* never nothing where the page has text: up to an element with some */
	while (stop >= 0 && stop != d->body && d->parent[stop] >= 0 &&
	       m->TA[stop] + m->LT[stop] <= 0)
		stop = d->parent[stop];
	free(own);
	return stop;
}
