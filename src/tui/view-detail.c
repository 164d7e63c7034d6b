/* view-detail.c - why the selected element is kept or dropped: every
 * figure with its formula and the numbers put in, the smoothing and
 * outlier tests, the pin, the XPath and source lines, and the page's
 * loading facts. */
#include "config.h"

#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/view.h"
#include "auto.h"

struct dline {
	int role;
	char text[480];
};

struct detail {
	struct dline *l;
	int n, cap;
	bool utf8;
};

static void __attribute__((format(printf, 3, 4)))
add(struct detail *D, int role, const char *fmt, ...)
{
	if (D->n == D->cap) {
		D->cap = D->cap ? D->cap * 2 : 32;
		D->l = xreallocarray(D->l, (size_t)D->cap, sizeof *D->l);
	}
	struct dline *x = &D->l[D->n++];
	x->role = role;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(x->text, sizeof x->text, fmt, ap);
	va_end(ap);
}

/* Comparison signs and the arrow, in ASCII off UTF-8. */
static const char *
sym(const struct detail *D, const char *utf8, const char *ascii)
{
	return D->utf8 ? utf8 : ascii;
}

static const char *
label(const struct dom *d, int i, struct buf *b)
{
	b->len = 0;
	model_label(d, i, b);
	return b->data;
}

#define TA_LINE add(D, ROLE_NORMAL, "TA = %d non-link chars, LA = %d links, LT = %d link chars", \
	mt->TA[i], mt->LA[i], mt->LT[i])

static void
cc_figures(struct detail *D, const struct tui_model *m, int i, bool deciding)
{
	const struct dom *d = m->d;
	const struct metrics *mt = m->pg->m;
	const struct decision *dc = &m->ccdc;
	const struct params *p = &m->params;
	const char *le = sym(D, "\xe2\x89\xa4", "<="), *ge = sym(D, "\xe2\x89\xa5", ">=");
	const char *to = sym(D, "\xe2\x86\x92", "->");
	int la = mt->LA[i] > 1 ? mt->LA[i] : 1;
	int par = d->parent[i];
	int tap = par >= 0 ? mt->TA[par] : mt->TA[i];
	bool cc_in = mt->CC[i] > p->cc_C;

	add(D, deciding ? (cc_in ? ROLE_CONTENT : ROLE_NOISE) : ROLE_NORMAL,
	    "CC = TA/LA = %d/%d = %.2f %s C=%g %s %s", mt->TA[i], la, mt->CC[i],
	    cc_in ? ">" : le, p->cc_C, to, cc_in ? "content" : "noise");
	add(D, ROLE_NORMAL, "TD = TA(%s)/LA = %d/%d = %.2f %s D=%g",
	    par >= 0 ? "parent" : "itself", tap > 1 ? tap : 1, la, mt->TD[i],
	    mt->TD[i] > p->cc_D ? ">" : le, p->cc_D);
	int g = mt->group[i], gs = mt->group_size[g];
	int hits = (int)(dc->CS[i] * gs + 0.5);
	add(D, ROLE_NORMAL, "CS = %d/%d = %.2f %s S=%g  (%s siblings with CC %s C)",
	    hits, gs, dc->CS[i], dc->CS[i] > p->cc_S ? ">" : le, p->cc_S,
	    dom_tagname(d, i), ge);
	if (!deciding) {
		TA_LINE;
		return;
	}

	if (cc_in)
		add(D, ROLE_NORMAL, "smoothing: not needed (CC > C)");
	else if (dc->CS[i] <= p->cc_S)
		add(D, ROLE_NORMAL, "smoothing: CS %.2f %s S=%g %s stays noise", dc->CS[i], le, p->cc_S, to);
	else if (mt->TD[i] <= p->cc_D)
		add(D, ROLE_NORMAL, "smoothing: CS > S but TD %.2f %s D=%g %s stays noise",
		    mt->TD[i], le, p->cc_D, to);
	else
		add(D, ROLE_SMOOTH, "smoothing: CS %.2f > S=%g and TD %.2f > D=%g %s content",
		    dc->CS[i], p->cc_S, mt->TD[i], p->cc_D, to);

	struct buf b;
	buf_init(&b);
	int r = dc->region;
	if (!p->cc_outliers)
		add(D, ROLE_NORMAL, "outliers: not tested (cc.outliers=off)");
	else if (r < 0)
		add(D, ROLE_NORMAL, "outliers: no content region (nothing is content)");
	else if (dom_contains(d, r, i))
		add(D, ROLE_NORMAL, "outliers: inside the content region %s", label(d, r, &b));
	else if (dom_contains(d, i, r))
		add(D, ROLE_NORMAL, "outliers: holds the content region %s", label(d, r, &b));
	else if (dc->reason[i] == REASON_OUTLIER)
		add(D, ROLE_OUTLIER, "outliers: outside the content region %s, CS %.2f %s S=%g %s reset to noise",
		    label(d, r, &b), dc->CS[i], le, p->cc_S, to);
	else if (cc_in || dc->reason[i] == REASON_SMOOTH)
		add(D, ROLE_NORMAL, "outliers: outside the content region %s, but CS %.2f > S=%g %s kept",
		    label(d, r, &b), dc->CS[i], p->cc_S, to);
	else
		add(D, ROLE_NORMAL, "outliers: outside the content region %s (noise anyway)",
		    label(d, r, &b));
	buf_free(&b);
	TA_LINE;
}

static void
lb_figures(struct detail *D, const struct tui_model *m, int i)
{
	const struct lineblock *lb = m->pg->lb;
	const struct params *p = &m->params;
	const char *to = sym(D, "\xe2\x86\x92", "->");
	int a, b;
	if (!model_ctext_lines(m, i, &a, &b)) {
		add(D, ROLE_NOISE, "lb: no Ctext line holds this element %s noise", to);
		return;
	}
	int b1 = b < lb->nblocks ? b : lb->nblocks, b0 = a < b1 ? a : b1;
	int best = b0;
	for (int k = b0; k <= b1; k++)
		if (lb->Y[k - 1] > lb->Y[best - 1])
			best = k;
	add(D, ROLE_NORMAL, "lb: Ctext lines %d-%d %s blocks %d-%d (K=%d)", a, b, to, b0, b1, lb->K);
	add(D, ROLE_NORMAL, "Y there: max %d at block %d; T=%g", lb->Y[best - 1], best, p->lb_T);
	int at = -1;
	for (int g = 0; g < lb->nregions; g++)
		if (lb->regions[g].start <= a && lb->regions[g].end >= a)
			at = g;
	bool in = m->lbdc.content[i];
	if (at < 0)
		add(D, in ? ROLE_CONTENT : ROLE_NOISE,
		    "region: none holds line %d %s %s", m->d->line[i], to, in ? "content" : "noise");
	else if (lb->regions[at].selected)
		add(D, ROLE_CONTENT, "region: blocks %d-%d, selected %s content",
		    lb->regions[at].start, lb->regions[at].end, to);
	else
		add(D, ROLE_NOISE, "region: blocks %d-%d, not selected (lb.mode=%s) %s noise",
		    lb->regions[at].start, lb->regions[at].end,
		    p->lb_mode == LB_MODE_ALL ? "all: it holds a copyright line" :
		    "max: another holds the largest Y", to);
}

/* auto: each signal's share of the logit, the largest first: the steps
 * it took along the trees' paths (the bias: the base and the roots), or
 * weight x value when the first stage decides; their sum is the logit of
 * the block's probability. */
static void
signal_figures(struct detail *D, struct page *pg, int i)
{
	double c[F_COUNT], z = 0;
	if (auto_contributions(pg, i, c) < 0)
		return;
	int order[F_COUNT];
	for (int k = 0; k < F_COUNT; k++) {
		order[k] = k;
		z += c[k];
	}
	/* insertion sort by |contribution|, descending: 29 entries */
	for (int a = 1; a < F_COUNT; a++)
		for (int b = a; b > 0 && fabs(c[order[b]]) > fabs(c[order[b - 1]]); b--) {
			int t = order[b];
			order[b] = order[b - 1];
			order[b - 1] = t;
		}
	add(D, ROLE_HEADING, "signals, sum %.2f = logit", z);
	add(D, ROLE_DIM, "%s", pg->auto_stage == 1 ? "  (first stage: weight x value)" :
	    "  (tree steps; bias: base + roots)");
	for (int k = 0; k < F_COUNT; k++) {
		if (c[order[k]] == 0)
			continue;
		add(D, c[order[k]] > 0 ? ROLE_NORMAL : ROLE_DIM, "  %+6.2f  %s",
		    c[order[k]], feature_names[order[k]]);
	}
}

static void
build(struct detail *D, const struct tui_model *m)
{
	const struct dom *d = m->d;
	int i = m->sel;
	struct page *pg = m->pg;
	struct buf b;
	buf_init(&b);
	const char *to = sym(D, "\xe2\x86\x92", "->");

	if (i >= 0) {
		int nchild = 0;
		for (int c = d->first_child[i]; c >= 0; c = d->next_sibling[c])
			nchild++;
		add(D, ROLE_HEADING, "%s", label(d, i, &b));
		enum mark k = model_mark(m, i);
		const struct decision *dc = m->dc;
		static const char *const why[MARK_COUNT] = {
			[MARK_SKIP] = " (never text)", [MARK_NOISE] = "",
			[MARK_CONTENT] = "", [MARK_SMOOTH] = " by smoothing",
			[MARK_OUTLIER] = " (an outlier)", [MARK_PIN_IN] = " (pinned)",
			[MARK_PIN_OUT] = " (pinned)",
		};
		add(D, mark_role(k), "%s: [%c] %s%s", algo_name(m->algo), mark_char(k),
		    dc->content[i] ? "content" : "noise", why[k]);

		if (m->algo == ALGO_LB) {
			lb_figures(D, m, i);
			add(D, ROLE_HEADING, "cc figures, for comparison");
			cc_figures(D, m, i, false);
		} else if (m->algo == ALGO_CC) {
			cc_figures(D, m, i, true);
		} else {
			add(D, mark_role(k), "reason: %s", reason_name((enum reason)dc->reason[i]));
			const struct param_desc *T = params_find("auto.T");
			if (m->algo == ALGO_AUTO && pg->score && pg->score[i] >= 0 && T) {
				add(D, ROLE_NORMAL, "block probability %.2f %s T=%g",
				    pg->score[i], pg->score[i] >= params_get(&m->params, T) ?
				    sym(D, "\xe2\x89\xa5", ">=") : "<", params_get(&m->params, T));
				if (pg->auto_stage == 1)
					add(D, ROLE_DIM, "first stage: the trees gave no block 1/2");
				if (pg->sig && pg->sig->core >= 0)
					add(D, ROLE_NORMAL, "%s the core (line %d): %s",
					    dom_contains(d, pg->sig->core, i) ? "inside" : "outside",
					    d->line[pg->sig->core], label(d, pg->sig->core, &b));
				signal_figures(D, pg, i);
			}
			add(D, ROLE_HEADING, "cc figures, for comparison");
			cc_figures(D, m, i, false);
		}

		int src = model_pin_source(m, i);
		if (src == i)
			add(D, mark_role(model_mark(m, i)), "pin: pinned %s here (P or X unpins)",
			    m->pins[i] == PIN_IN ? "in" : "out");
		else if (src >= 0)
			add(D, mark_role(model_mark(m, i)), "pin: pinned %s by %s (line %d)",
			    m->pins[src] == PIN_IN ? "in" : "out", label(d, src, &b), d->line[src]);
		else
			add(D, ROLE_DIM, "pin: none (p pins in, x pins out)");

		if (m->last_line[i] > d->line[i])
			add(D, ROLE_NORMAL, "lines %d-%d, depth %d, %d child%s, #%d",
			    d->line[i], m->last_line[i], d->depth[i], nchild,
			    nchild == 1 ? "" : "ren", i);
		else
			add(D, ROLE_NORMAL, "line %d, depth %d, %d child%s, #%d",
			    d->line[i], d->depth[i], nchild, nchild == 1 ? "" : "ren", i);
		b.len = 0;
		dom_xpath(d, i, &b);
		add(D, ROLE_NORMAL, "%s", b.data);

		/* the element's own words, so it can be recognised */
		b.len = 0;
		for (int t = d->text_begin[i]; t < d->text_end[i] && b.len < 200; t++) {
			if (d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK))
				continue;
			if (b.len)
				buf_addc(&b, ' ');
			extract_collapse(dom_text(d, t), d->texts[t].len, &b);
		}
		if (b.len)
			add(D, ROLE_DIM, "text: %.*s%s", (int)(b.len > 240 ? 240 : b.len), b.data,
			    b.len > 240 ? "~" : "");
	}

	/* the page as loaded (ALGORITHMS.md: show what was normalised) */
	add(D, ROLE_HEADING, "page");
	add(D, ROLE_NORMAL, "%d elements, %d text nodes, %d source lines, %zu bytes",
	    m->n, d->ntexts, m->nsrc, pg->src.raw_len);
	const struct charset_guess *g = &pg->src.charset;
	add(D, ROLE_NORMAL, "charset %s (%s%s%s%s)%s%s", g->name, charset_how(g),
	    g->declared[0] ? "; the page says \"" : "", g->declared,
	    g->declared[0] ? "\"" : "", g->note[0] ? ": " : "", g->note);
	add(D, ROLE_NORMAL, "loader: %zu character reference%s decoded, %zu presentation form%s "
	    "normalised, %zu invalid sequence%s %s U+FFFD",
	    pg->src.refs_decoded, pg->src.refs_decoded == 1 ? "" : "s",
	    pg->src.forms_normalised, pg->src.forms_normalised == 1 ? "" : "s",
	    pg->src.replacements, pg->src.replacements == 1 ? "" : "s", to);
	if (pg->meta.title)
		add(D, ROLE_NORMAL, "title: %s (%s)", pg->meta.title,
		    pg->meta.title_from ? pg->meta.title_from : "?");
	if (pg->meta.date)
		add(D, ROLE_NORMAL, "date: %s (%s)", pg->meta.date,
		    pg->meta.date_from ? pg->meta.date_from : "?");
	buf_free(&b);
}

/* Wrapped rows of one line: start offsets, breaking at spaces when it can,
 * continuation rows indented by 2. */
static int
wrap_line(const char *s, int w, size_t *starts, int max)
{
	size_t n = strlen(s), pos = 0;
	int k = 0;
	while (pos < n && k < max) {
		starts[k++] = pos;
		int avail = k == 1 ? w : w - 2;
		size_t fit = text_fit(s + pos, n - pos, avail, NULL);
		if (pos + fit >= n)
			break;
		size_t brk = fit;
		while (brk > 0 && s[pos + brk - 1] != ' ')
			brk--;
		if (brk == 0)
			brk = fit ? fit : 1;
		pos += brk;
	}
	if (k == 0)
		starts[k++] = 0;
	return k;
}

static void
render(struct tui *t, struct rect r, struct detail *D, bool draw, int *total)
{
	int w = r.w - 1, row = 0, h = r.h - 1;
	for (int k = 0; k < D->n; k++) {
		size_t starts[64];
		int nr = wrap_line(D->l[k].text, w, starts, 64);
		size_t len = strlen(D->l[k].text);
		for (int j = 0; j < nr; j++, row++) {
			int y = row - t->detail_top;
			if (!draw || y < 0 || y >= h)
				continue;
			size_t e = j + 1 < nr ? starts[j + 1] : len;
			int ind = j ? 3 : 1;
			scr_text(r.y + 1 + y, r.x + ind, w - ind + 1, D->l[k].text + starts[j],
				 e - starts[j], D->l[k].role);
		}
	}
	*total = row;
}

static void
detail_draw(struct tui *t, struct rect r, bool focused)
{
	struct detail D = { .utf8 = screen_utf8() };
	if (t->detail_sel != t->m.sel) {
		t->detail_sel = t->m.sel;
		t->detail_top = 0;
	}
	build(&D, &t->m);
	int title = focused ? ROLE_TITLE_FOCUS : ROLE_TITLE;
	scr_fill(r.y, r.x, r.w, title);
	int total;
	render(t, r, &D, false, &total);
	int h = r.h - 1;
	if (t->detail_top > total - h)
		t->detail_top = total - h;
	if (t->detail_top < 0)
		t->detail_top = 0;
	scr_printf(r.y, r.x, r.w, title, " detail%s", total > h ?
		   (t->detail_top + h < total ? "  (more below: j)" : "  (k: back up)") : "");
	render(t, r, &D, true, &total);
	free(D.l);
}

static bool
detail_act(struct tui *t, struct rect r, enum action a)
{
	int h = r.h - 1;
	switch (a) {
	case ACT_UP: t->detail_top--; break;
	case ACT_DOWN: t->detail_top++; break;
	case ACT_PAGE_UP: t->detail_top -= h - 1; break;
	case ACT_PAGE_DOWN: t->detail_top += h - 1; break;
	case ACT_HOME: t->detail_top = 0; break;
	case ACT_END: t->detail_top = 1 << 20; break;
	default: return false;
	}
	return true;   /* draw clamps */
}

static void
detail_click(struct tui *t, struct rect r, int y, int x, int button)
{
	if (button == 4)
		t->detail_top -= 3;
	else if (button == 5)
		t->detail_top += 3;
}

const struct view_ops view_detail = {
	.name = "detail",
	.draw = detail_draw,
	.act = detail_act,
	.click = detail_click,
};
