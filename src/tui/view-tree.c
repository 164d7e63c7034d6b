/* view-tree.c - the DOM as a foldable tree, one row per element with its
 * figures and a decision glyph; only the visible rows are drawn. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/view.h"
#include "method/tib-veracity.h"

/* A glyph as well as a colour for every decision, so the tree reads the
 * same without colour.  ASCII on purpose: these never change width. */
static const struct {
	char glyph, inherited;
	int role;
	const char *name;
} marks[MARK_COUNT] = {
	[MARK_SKIP]    = { ' ', ' ', ROLE_SKIP, "never text (head, script, style, a dialog, screen-reader text, a source's copy)" },
	[MARK_NOISE]   = { '.', '.', ROLE_NOISE, "noise; auto: also no decision of its own (no text block: the detail counts its blocks kept)" },
	[MARK_CONTENT] = { '#', '#', ROLE_CONTENT, "content (cc: CC > C; lb: in a selected region; ent: in the content root; tib: REL and VER pass; sib: no sibling page has it; auto: p >= auto.T, or kept by its rules)" },
	[MARK_SMOOTH]  = { '+', '+', ROLE_SMOOTH, "cc: content by smoothing (CS > S and TD > D)" },
	[MARK_OUTLIER] = { '!', '!', ROLE_OUTLIER, "cc: an outlier, content reset to noise" },
	[MARK_PIN_IN]  = { 'P', 'p', ROLE_PIN_IN, "pinned in (p: by an ancestor's pin); the mark, not auto's column P" },
	[MARK_PIN_OUT] = { 'X', 'x', ROLE_PIN_OUT, "pinned out (x: by an ancestor's pin)" },
};

char
mark_char(enum mark k)
{
	return marks[k].glyph;
}

int
mark_role(enum mark k)
{
	return marks[k].role;
}

const char *
mark_name(enum mark k)
{
	return marks[k].name;
}

/* Figures in a fixed width: exact while they fit, then k and M. */
static void
fmt_int(char *out, size_t n, int v, int width)
{
	char b[32];
	snprintf(b, sizeof b, "%d", v);
	if ((int)strlen(b) <= width)
		snprintf(out, n, "%s", b);
	else if (v < 1000000)
		snprintf(out, n, "%.*fk", v < 100000 && width >= 5 ? 1 : 0, v / 1000.0);
	else
		snprintf(out, n, "%.1fM", v / 1e6);
}

static void
fmt_real(char *out, size_t n, double v, int width)
{
	if (v < 1e5 && snprintf(out, n, "%.1f", v) <= width)
		return;
	if (v < 1e5)
		snprintf(out, n, "%.0f", v);
	else if (v < 1e6)
		snprintf(out, n, "%.0fk", v / 1e3);
	else
		snprintf(out, n, "%.1fM", v / 1e6);
}

enum { COL_TA, COL_LA, COL_CC, COL_TD, COL_CS, COL_BASE, NCOLS = TREE_COLUMNS };
static const struct {
	const char *title;
	int width;
} base_cols[COL_BASE] = {
	{ "TA", 6 }, { "LA", 4 }, { "CC", 6 }, { "TD", 6 }, { "CS", 4 },
};

char
tree_glyph(const struct tui_model *m, int i)
{
	enum mark k = model_mark(m, i);
	if ((k == MARK_PIN_IN || k == MARK_PIN_OUT) && !m->pins[i])
		return marks[k].inherited;
	return marks[k].glyph;
}

/* Column c: one of TA LA CC TD CS, or COL_BASE + k for the method's k-th. */
static const char *
col_title(const struct tui_model *m, int c)
{
	return c < COL_BASE ? base_cols[c].title : m->algo->columns[c - COL_BASE].name;
}

static int
col_width(const struct tui_model *m, int c)
{
	return c < COL_BASE ? base_cols[c].width : m->algo->columns[c - COL_BASE].width;
}

/* The figure columns for the current method, its own first (from the
 * method table), then TA LA CC TD CS. */
static int
method_cols(const struct tui_model *m, int *ids)
{
	int k = 0;
	if (m->run.state && m->run.state_of == m->algo)
		for (int j = 0; j < m->algo->ncolumns && j < NCOLS - COL_BASE; j++)
			if (m->algo->columns[j].width > 0)
				ids[k++] = COL_BASE + j;
	for (int c = COL_TA; c <= COL_CS; c++)
		ids[k++] = c;
	return k;
}

/* Element i's figure in column c, fitted to the column's width or whole
 * (tree_figures). */
static void
tree_figure(const struct tui_model *m, int c, int i, bool fit, char *f, size_t n)
{
	const struct metrics *mt = m->pg->m;
	int w = fit && c < COL_BASE ? base_cols[c].width : 1 << 20;
	switch (c) {
	case COL_TA: fmt_int(f, n, mt->TA[i], w); break;
	case COL_LA: fmt_int(f, n, mt->LA[i], w); break;
	case COL_CC:
		if (fit)
			fmt_real(f, n, mt->CC[i], w);
		else    /* as pith dump writes it */
			snprintf(f, n, "%.2f", mt->CC[i]);
		break;
	case COL_TD:
		if (fit)
			fmt_real(f, n, mt->TD[i], w);
		else
			snprintf(f, n, "%.2f", mt->TD[i]);
		break;
	case COL_CS: snprintf(f, n, "%.2f", m->ccdc.CS[i]); break;
	default: {
		const struct method_column *mc = &m->algo->columns[c - COL_BASE];
		double v = mc->value(m->run.state, i);
		if (v < 0)      /* no figure here */
			snprintf(f, n, "-");
		else
			/* in the tree, as many decimals as the column holds */
			snprintf(f, n, "%.*f", fit && mc->decimals > mc->width - 2 ?
				 (mc->width > 2 ? mc->width - 2 : 0) : mc->decimals, v);
		break;
	}
	}
}

int
tree_figures(const struct tui_model *m, int i, bool fit, struct tree_column col[TREE_COLUMNS])
{
	int ids[NCOLS];
	int k = method_cols(m, ids);
	for (int c = 0; c < k; c++) {
		col[c].title = col_title(m, ids[c]);
		col[c].width = col_width(m, ids[c]);
		col[c].figure[0] = '\0';
		if (i >= 0)
			tree_figure(m, ids[c], i, fit, col[c].figure, sizeof col[c].figure);
	}
	return k;
}

/* How many of the columns fit, leaving a label of at least 12 cells. */
static int
ncols_for(const struct tree_column *col, int k, int w, int *figw)
{
	int used;
	for (;;) {
		used = 0;
		for (int c = 0; c < k; c++)
			used += col[c].width + 1;
		if (w - 2 - used >= 12 || k == 0)
			break;
		k--;
	}
	*figw = used;
	return k;
}

static int
body_rows(struct rect r)
{
	return r.h - 1;
}

static void
scroll_to_selection(struct tui *t, struct rect r)
{
	const struct tui_model *m = &t->m;
	int h = body_rows(r);
	int row = model_row_of(m, m->sel);
	if (row >= 0) {
		if (t->tree.center)
			t->tree.top = row - (h - 1) / 2;
		else if (row < t->tree.top)
			t->tree.top = row;
		else if (row >= t->tree.top + h)
			t->tree.top = row - h + 1;
	}
	t->tree.center = false;
	if (t->tree.top > m->nrows - h)
		t->tree.top = m->nrows - h;
	if (t->tree.top < 0)
		t->tree.top = 0;
}

/* Cells before a row's fold mark, past the glyph column. */
static int
row_indent(const struct dom *d, int i, int labw, int depth0, int step)
{
	int indent = (d->depth[i] - depth0) * step;
	if (indent > labw - 8)
		indent = labw - 8 > 0 ? labw - 8 : 0;
	return indent;
}

static void
draw_row(struct tui *t, struct rect r, int y, int i, bool focused,
	 int ncols, int figw, int step, int depth0)
{
	const struct tui_model *m = &t->m;
	const struct dom *d = m->d;
	bool cur = i == m->sel;
	enum mark k = model_mark(m, i);
	int role = marks[k].role;
	int extra = cur ? (focused ? STYLE_REVERSE : STYLE_UNDERLINE) : 0;
	int base = (k == MARK_SKIP ? ROLE_SKIP : ROLE_NORMAL) | extra;

	scr_fill(y, r.x, r.w, base);
	char g = tree_glyph(m, i);
	scr_text(y, r.x, 1, &g, 1, role | extra);
	if (m->step && m->changed && m->changed[i])
		scr_text(y, r.x + 1, 1, "*", 1, ROLE_HIGHLIGHT | extra);
	else if (m->xmatch && m->xmatch[i])
		/* what the XPath searched for, or the rule line shown, selects */
		scr_text(y, r.x + 1, 1, "@", 1, ROLE_MATCH | extra);
	else if (m->gold_filter && m->disagree && m->disagree[i])
		/* > kept and not in the gold, < in the gold and dropped (not
		 * + and -, which the legend gives to smoothing) */
		scr_text(y, r.x + 1, 1, m->disagree[i] & GOLD_EXTRA ? ">" : "<", 1,
			 ROLE_HIGHLIGHT | extra);

	int labw = r.w - 2 - figw;
	int indent = row_indent(d, i, labw, depth0, step);
	int x = r.x + 2 + indent;
	int room = labw - indent;
	if (model_has_children(m, i))
		scr_glyph(y, x, m->folded[i] ? "\xe2\x96\xb8" : "\xe2\x96\xbe",
			  m->folded[i] ? '+' : '-', base);
	x += 2;
	room -= 2;
	struct buf l;
	buf_init(&l);
	/* the " (N)" of a folded row is dropped before the label is cut */
	model_label_fit(d, i, room, &l);
	int lstyle = (k == MARK_SKIP ? ROLE_SKIP : role) | extra;
	int used;
	if (text_width(l.data, l.len) > room && room > 1) {
		/* clipped: say so */
		used = scr_text(y, x, room - 1, l.data, l.len, lstyle);
		used += scr_text(y, x + used, 1, "~", 1, lstyle);
	} else {
		used = scr_text(y, x, room, l.data, l.len, lstyle);
	}
	if (m->folded[i] && used < room) {
		char more[32];
		snprintf(more, sizeof more, " (%d)", d->end[i] - i - 1);
		scr_str(y, x + used, room - used, more, ROLE_DIM | extra);
	}
	buf_free(&l);

	int fx = r.x + r.w - figw;
	struct tree_column col[TREE_COLUMNS];
	tree_figures(m, i, true, col);
	for (int j = 0; j < ncols; j++) {
		int fw = (int)strlen(col[j].figure);
		int cw = col[j].width;
		scr_str(y, fx + 1 + cw - fw, fw, col[j].figure, base);
		fx += cw + 1;
	}
}

static void
tree_draw(struct tui *t, struct rect r, bool focused)
{
	const struct tui_model *m = &t->m;
	int figw;
	struct tree_column col[TREE_COLUMNS] = { 0 };
	int nfig = tree_figures(m, -1, true, col);
	int ncols = ncols_for(col, nfig, r.w, &figw);
	int title = focused ? ROLE_TITLE_FOCUS : ROLE_TITLE;
	scr_fill(r.y, r.x, r.w, title);
	int row = model_row_of(m, m->sel);
	scr_printf(r.y, r.x, r.w - figw, title, " tree %d/%d", row + 1, m->nrows);
	int fx = r.x + r.w - figw;
	for (int k = 0; k < ncols; k++) {
		const char *ct = col[k].title;
		int tw = (int)strlen(ct), cw = col[k].width;
		scr_str(r.y, fx + 1 + cw - tw, tw, ct, title);
		fx += cw + 1;
	}
	if (m->n == 0) {
		scr_str(r.y + 1, r.x + 1, r.w - 1, "(no elements)", ROLE_DIM);
		return;
	}
	scroll_to_selection(t, r);
	int labw = r.w - 2 - figw;
	int h = body_rows(r);
	/* Deep pages: indent relative to the shallowest row on screen, two
	 * cells a level while that fits, else one. */
	int base = 1 << 30, deepest = 0;
	for (int k = 0; k < h && t->tree.top + k < m->nrows; k++) {
		int dp = m->d->depth[m->rows[t->tree.top + k]];
		if (dp < base)
			base = dp;
		if (dp > deepest)
			deepest = dp;
	}
	int step = (deepest - base) * 2 <= labw / 2 ? 2 : 1;
	t->tree.depth0 = base;
	t->tree.step = step;
	if (base > 0) {
		char deep[32];
		int dw = snprintf(deep, sizeof deep, " depth %d+", base);
		int tw = text_width(" tree 999999/999999", 19);
		if (tw + dw < r.w - figw)
			scr_str(r.y, r.x + tw, dw, deep, title);
	}
	for (int k = 0; k < h && t->tree.top + k < m->nrows; k++)
		draw_row(t, r, r.y + 1 + k, m->rows[t->tree.top + k], focused, ncols, figw,
			 step, base);
}

static bool
tree_act(struct tui *t, struct rect r, enum action a)
{
	struct tui_model *m = &t->m;
	if (m->nrows == 0)
		return false;
	int row = model_row_of(m, m->sel);
	int h = body_rows(r);
	int i = m->sel;
	switch (a) {
	case ACT_UP: row--; break;
	case ACT_DOWN: row++; break;
	case ACT_PAGE_UP: row -= h - 1; t->tree.top -= h - 1; break;
	case ACT_PAGE_DOWN: row += h - 1; t->tree.top += h - 1; break;
	case ACT_HALF_UP: row -= (h + 1) / 2; t->tree.top -= (h + 1) / 2; break;
	case ACT_HALF_DOWN: row += (h + 1) / 2; t->tree.top += (h + 1) / 2; break;
	case ACT_HOME: row = 0; break;
	case ACT_END: row = m->nrows - 1; break;
	case ACT_LEFT:
		if (model_has_children(m, i) && !m->folded[i]) {
			model_set_fold(m, i, true);
		} else if (m->d->parent[i] >= 0) {
			tui_select(t, m->d->parent[i], false);
		}
		return true;
	case ACT_RIGHT:
		if (model_has_children(m, i) && m->folded[i])
			model_set_fold(m, i, false);
		else if (model_has_children(m, i))
			tui_select(t, m->d->first_child[i], false);
		return true;
	default:
		return false;
	}
	if (row < 0)
		row = 0;
	if (row >= m->nrows)
		row = m->nrows - 1;
	if (t->tree.top < 0)
		t->tree.top = 0;
	tui_select(t, m->rows[row], false);
	return true;
}

static void
tree_click(struct tui *t, struct rect r, int y, int x, int button)
{
	struct tui_model *m = &t->m;
	if (button == 4 || button == 5) {
		t->tree.top += button == 4 ? -3 : 3;
		int h = body_rows(r);
		if (t->tree.top > m->nrows - h)
			t->tree.top = m->nrows - h;
		if (t->tree.top < 0)
			t->tree.top = 0;
		/* keep the selection on screen without scrolling back */
		int row = model_row_of(m, m->sel);
		if (row < t->tree.top)
			row = t->tree.top;
		if (row >= t->tree.top + h)
			row = t->tree.top + h - 1;
		if (row >= 0 && row < m->nrows)
			model_select(m, m->rows[row]);
		return;
	}
	int row = t->tree.top + y - 1;
	if (y < 1 || row >= m->nrows)
		return;
	int i = m->rows[row];
	tui_select(t, i, false);
	/* on the fold mark (two cells wide, to be easy to hit): fold */
	int figw;
	struct tree_column col[TREE_COLUMNS] = { 0 };
	int nfig = tree_figures(m, -1, true, col);
	ncols_for(col, nfig, r.w, &figw);
	int fx = 2 + row_indent(m->d, i, r.w - 2 - figw, t->tree.depth0, t->tree.step);
	if (model_has_children(m, i) && x >= fx && x <= fx + 1)
		model_toggle_fold(m, i);
}

const struct view_ops view_tree = {
	.name = "tree",
	.draw = tree_draw,
	.act = tree_act,
	.click = tree_click,
};
