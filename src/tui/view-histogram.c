/* view-histogram.c - the line-block lengths Y (or, with b, the Ctext
 * length of every line) as bars across the pane, on a linear or (L) log
 * scale, a Y axis with values, the threshold line labelled with T, the
 * regions, and the selected element's lines; moving here selects the
 * element on the block or line under the cursor. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/view.h"

/* Column c of w shows blocks [*b0, *b1] (1-based): several blocks per
 * column on long pages, one block over several columns on short ones. */
void
hist_column_blocks(int nblocks, int w, int c, int *b0, int *b1)
{
	long n = nblocks;
	if (n >= w) {
		*b0 = (int)(c * n / w) + 1;
		*b1 = (int)((c + 1) * n / w);
	} else {
		*b0 = *b1 = (int)(c * n / w) + 1;
	}
}

static int
column_of(int nblocks, int w, int block)
{
	int c = (int)((long)(block - 1) * w / (nblocks > 0 ? nblocks : 1));
	int b0, b1;
	if (c >= w)
		c = w - 1;
	if (c < 0)
		c = 0;
	for (;;) {
		hist_column_blocks(nblocks, w, c, &b0, &b1);
		if (b0 > block && c > 0)
			c--;
		else if (b1 < block && c < w - 1)
			c++;
		else
			break;
	}
	/* the first column of a block spread over several */
	while (c > 0) {
		hist_column_blocks(nblocks, w, c - 1, &b0, &b1);
		if (b1 < block)
			break;
		c--;
	}
	return c;
}

/* The blocks the bars show: all of them, or, zoomed (i), hist_span of
 * them from hist.z0 (kept inside the series). */
static void
window(const struct tui *t, int nb, int *z0, int *span)
{
	if (t->hist.span <= 0 || t->hist.span >= nb) {
		*z0 = 1;
		*span = nb;
		return;
	}
	*span = t->hist.span;
	int z = t->hist.z0;
	if (z > nb - *span + 1)
		z = nb - *span + 1;
	if (z < 1)
		z = 1;
	*z0 = z;
}

/* Column c's blocks and a block's column, in the window. */
static void
col_blocks(const struct tui *t, int nb, int w, int c, int *b0, int *b1)
{
	int z0, span;
	window(t, nb, &z0, &span);
	hist_column_blocks(span, w, c, b0, b1);
	*b0 += z0 - 1;
	*b1 += z0 - 1;
}

static int
col_of(const struct tui *t, int nb, int w, int block)
{
	int z0, span;
	window(t, nb, &z0, &span);
	if (block < z0)
		return 0;
	if (block > z0 + span - 1)
		return w - 1;
	return column_of(span, w, block - z0 + 1);
}

/* What the bars show: blocks (Y, 1..nblocks) or lines (Ctext characters
 * per line, 1..nlines).  Block i starts on line i, so one cursor index
 * serves both. */
static int
series_n(const struct tui *t)
{
	const struct lineblock *lb = t->m.pg->lb;
	return t->hist.lines ? lb->nlines : lb->nblocks;
}

static int
series_v(const struct tui *t, int i)
{
	const struct lineblock *lb = t->m.pg->lb;
	return t->hist.lines ? lb->line_chars[i - 1] : lb->Y[i - 1];
}

/* The threshold in the series' unit: T per block, T/K per line (the mean
 * a line needs for its block to pass T). */
static double
series_t(const struct tui *t)
{
	const struct lineblock *lb = t->m.pg->lb;
	return t->hist.lines ? t->m.params.lb_T / (lb->K > 0 ? lb->K : 1) : t->m.params.lb_T;
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The bars' top: the largest value, unless (linear scale) a few huge
 * blocks (a minified line) would flatten everything else; then twice the
 * 95th percentile, with the taller bars clipped.  T always stays inside
 * the pane. */
static double
bar_scale(struct tui *t)
{
	const struct lineblock *lb = t->m.pg->lb;
	int n = series_n(t);
	if (t->hist.scale.lb != lb || t->hist.scale.K != lb->K || t->hist.scale.n != n ||
	    t->hist.scale.reflow != lb->reflow || t->hist.scale.lines != t->hist.lines) {
		int *v = xmalloc((size_t)n * sizeof(int) + 1);
		int k = 0, mx = 0;
		for (int b = 1; b <= n; b++) {
			int y = series_v(t, b);
			if (y > 0)
				v[k++] = y;
			if (y > mx)
				mx = y;
		}
		qsort(v, (size_t)k, sizeof(int), cmp_int);
		t->hist.scale.p95 = k ? v[(k - 1) * 95 / 100] : 0;
		t->hist.scale.maxY = mx;
		free(v);
		t->hist.scale.lb = lb;
		t->hist.scale.K = lb->K;
		t->hist.scale.n = n;
		t->hist.scale.reflow = lb->reflow;
		t->hist.scale.lines = t->hist.lines;
	}
	double top = t->hist.scale.maxY;
	if (!t->hist.log && t->hist.scale.p95 > 0 && top > 8.0 * t->hist.scale.p95)
		top = 2.0 * t->hist.scale.p95;
	double T = series_t(t);
	if (top < T * 1.25)
		top = T * 1.25;
	return top > 1 ? top : 1;
}

/* Where v falls between 0 and top, 0 to 1: linear, or log(1 + v) over
 * log(1 + top); and back, the value at height f. */
static double
scale_of(const struct tui *t, double v, double top)
{
	return t->hist.log ? log1p(v) / log1p(top) : v / top;
}

static double
value_at(const struct tui *t, double f, double top)
{
	return t->hist.log ? expm1(f * log1p(top)) : f * top;
}

/* The Y axis: a gutter left of the bars, its labels right-aligned before
 * a tick.  Every second row from the top is labelled with the largest Y
 * its bar cells stand for, the row T falls in with "T=86", the axis row
 * with 0.  No gutter when it would leave the bars fewer than 20 columns. */
struct yaxis {
	int g;                  /* gutter columns, 0 for none */
	int bars;               /* bar rows */
	int trow;               /* the row T falls in, from the bottom */
	double top;
	char tlabel[24];
};

static void
yaxis_make(struct tui *t, struct rect r, struct yaxis *ax)
{
	ax->bars = r.h - 2;
	ax->top = bar_scale(t);
	double T = series_t(t);
	ax->trow = ax->bars > 0 ? (int)(scale_of(t, T, ax->top) * ax->bars) : 0;
	if (ax->trow >= ax->bars)
		ax->trow = ax->bars - 1;
	if (t->hist.lines)
		snprintf(ax->tlabel, sizeof ax->tlabel, "T/K=%.1f", T);
	else
		snprintf(ax->tlabel, sizeof ax->tlabel, "T=%g", T);
	char top[24];
	snprintf(top, sizeof top, "%.0f", ax->top);
	int g = (int)(strlen(top) > strlen(ax->tlabel) ? strlen(top) : strlen(ax->tlabel)) + 1;
	ax->g = r.w - g >= 20 && ax->bars > 0 ? g : 0;
}

/* The bars' part of the pane. */
static struct rect
bars_rect(struct rect r, const struct yaxis *ax)
{
	r.x += ax->g;
	r.w -= ax->g;
	return r;
}

static void
yaxis_draw(const struct tui *t, struct rect r, const struct yaxis *ax)
{
	if (!ax->g)
		return;
	char lab[24];
	for (int k = 0; k < ax->bars; k++) {
		int y = r.y + r.h - 2 - k;
		int role = ROLE_NORMAL;
		bool tick = (ax->bars - 1 - k) % 2 == 0;
		if (k == ax->trow) {
			snprintf(lab, sizeof lab, "%s", ax->tlabel);
			role = ROLE_THRESHOLD;
			tick = true;
		} else if (tick) {
			snprintf(lab, sizeof lab, "%.0f",
				 value_at(t, (double)(k + 1) / ax->bars, ax->top));
		} else {
			lab[0] = '\0';
		}
		scr_fill(y, r.x, ax->g, ROLE_NORMAL);
		int n = (int)strlen(lab);
		scr_text(y, r.x + ax->g - 1 - n, n, lab, (size_t)n, role);
		scr_glyph(y, r.x + ax->g - 1, tick ? "\xe2\x94\xa4" : "\xe2\x94\x82",
			  '|', role);
	}
	int axis = r.y + r.h - 1;
	scr_fill(axis, r.x, ax->g, ROLE_NORMAL);
	scr_text(axis, r.x + ax->g - 2, 1, "0", 1, ROLE_NORMAL);
	scr_glyph(axis, r.x + ax->g - 1, "\xe2\x94\x98", '+', ROLE_NORMAL);
}

/* 0 none, 1 a region, 2 a selected region, over blocks or (lines) the
 * lines a region's text is taken from */
static int
region_kind(const struct lineblock *lb, bool lines, int b0, int b1)
{
	int k = 0;
	for (int r = 0; r < lb->nregions; r++) {
		const struct lb_region *g = &lb->regions[r];
		int s = g->start, e = g->end;
		if (lines)
			lineblock_region_lines(lb, g, &s, &e);
		if (s <= b1 && e >= b0)
			k = g->selected ? 2 : (k ? k : 1);
	}
	return k;
}

static void
follow_selection(struct tui *t)
{
	const struct tui_model *m = &t->m;
	if (t->hist.sel == m->sel)
		return;
	t->hist.sel = m->sel;
	int a, b;
	if (model_ctext_lines(m, m->sel, &a, &b))
		t->hist.cur = a;
	int nb = series_n(t);
	if (t->hist.cur > nb)
		t->hist.cur = nb;
	if (t->hist.cur < 1)
		t->hist.cur = 1;
}

static void
hist_draw(struct tui *t, struct rect pane, bool focused)
{
	const struct tui_model *m = &t->m;
	const struct lineblock *lb = m->pg->lb;
	follow_selection(t);
	struct yaxis yx;
	yaxis_make(t, pane, &yx);
	struct rect r = bars_rect(pane, &yx);
	int nb = series_n(t), w = r.w;
	int bars = yx.bars;
	double top = yx.top;
	double T = m->params.lb_T;
	bool lines = t->hist.lines;

	int nreg = 0, nsel = 0;
	for (int g = 0; g < lb->nregions; g++) {
		nreg++;
		nsel += lb->regions[g].selected != 0;
	}
	int title = focused ? ROLE_TITLE_FOCUS : ROLE_TITLE;
	scr_fill(pane.y, pane.x, pane.w, title);
	int cur = t->hist.cur;
	/* zoomed: the window follows the cursor */
	int z0, span;
	window(t, nb, &z0, &span);
	if (span < nb) {
		if (cur < z0)
			z0 = cur;
		else if (cur > z0 + span - 1)
			z0 = cur - span + 1;
		t->hist.z0 = z0;
		window(t, nb, &z0, &span);
	}
	int cc = col_of(t, nb, w, cur);
	int c0, c1;
	col_blocks(t, nb, w, cc, &c0, &c1);
	int ymax = 0;
	for (int b = c0; b <= c1 && b <= nb; b++)
		if (series_v(t, b) > ymax)
			ymax = series_v(t, b);
	char per[80] = "";
	if (span < nb)
		snprintf(per, sizeof per, ", zoom %d-%d, %.1f per column", z0, z0 + span - 1,
			 (double)span / w);
	else if (nb > w)
		snprintf(per, sizeof per, ", %.1f per column", (double)nb / w);
	int src = cur >= 1 && cur <= lb->nlines ? lb->src_line[cur - 1] : 0;
	const char *scale = t->hist.log ? " (log)" : "";
	char where[96];
	/* the axis may stop under the tallest bars (bar_scale) */
	char cut[64] = "";
	if (top < t->hist.scale.maxY)
		snprintf(cut, sizeof cut, " (axis to %.0f, taller bars cut: L)", top);
	if (lines) {
		char from[32] = "";
		if (src != c0)
			snprintf(from, sizeof from, " (source %d)", src);
		if (c1 > c0)
			snprintf(where, sizeof where, "lines %d-%d, max %d", c0, c1, ymax);
		else
			snprintf(where, sizeof where, "line %d%s: %d chars", c0, from, ymax);
		scr_printf(pane.y, pane.x, pane.w, title,
			   " Ctext per line%s  %d line%s%s  max %d%s  T/K=%.1f  %d region%s, %d selected"
			   "  cursor: %s", scale, nb, nb == 1 ? "" : "s", per, t->hist.scale.maxY, cut,
			   series_t(t),
			   nreg, nreg == 1 ? "" : "s", nsel, where);
	} else {
		if (c1 > c0)
			snprintf(where, sizeof where, "blocks %d-%d, max Y %d", c0, c1, ymax);
		else
			snprintf(where, sizeof where, "block %d (line %d) Y=%d", c0, src, ymax);
		scr_printf(pane.y, pane.x, pane.w, title,
			   " histogram%s  %d blocks (K=%d%s)  max Y %d%s  T=%g  %d region%s, %d selected"
			   "  cursor: %s", scale, nb, lb->K, per, t->hist.scale.maxY, cut, T,
			   nreg, nreg == 1 ? "" : "s", nsel, where);
	}

	int ea = 0, eb = -1;
	model_ctext_lines(m, m->sel, &ea, &eb);
	yaxis_draw(t, pane, &yx);
	int trow = yx.trow;
	static const char *const eighths[] = {
		"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
		"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88",
	};
	int axis = r.y + r.h - 1;
	for (int c = 0; c < w; c++) {
		int b0, b1;
		col_blocks(t, nb, w, c, &b0, &b1);
		if (b1 < b0) {
			scr_fill(axis, r.x + c, 1, ROLE_NORMAL);
			continue;
		}
		int v = 0;
		for (int b = b0; b <= b1 && b <= nb; b++)
			if (series_v(t, b) > v)
				v = series_v(t, b);
		int kind = region_kind(lb, lines, b0, b1);
		bool elem = eb >= ea && b0 <= eb && b1 >= ea;
		int role = elem ? ROLE_BAR_ELEM : kind == 2 ? ROLE_BAR_SELECTED :
			   kind == 1 ? ROLE_BAR_REGION : ROLE_BAR;
		long e = (long)(scale_of(t, v, top) * bars * 8 + 0.5);
		if (v > 0 && e == 0)
			e = 1;   /* a block with text is never invisible */
		/* a bar taller than the axis is cut: its top cell says so */
		bool clipped = v > top;
		for (int k = 0; k < bars; k++) {
			int y = r.y + r.h - 2 - k;
			long fill = e - (long)k * 8;
			if (clipped && k == bars - 1) {
				scr_glyph(y, r.x + c, "\xe2\x86\x91", '~', role);
			} else if (fill >= 8) {
				scr_glyph(y, r.x + c, eighths[7], '#', role);
			} else if (fill > 0) {
				scr_glyph(y, r.x + c, eighths[fill - 1], fill >= 4 ? '#' : '_', role);
			} else if (k == trow) {
				scr_glyph(y, r.x + c, "-", '-', ROLE_THRESHOLD);
			}
		}
		/* the axis: the selected element's lines, else the regions */
		char ax = elem ? '^' : kind == 2 ? '=' : kind == 1 ? ':' : ' ';
		int as = c == cc && focused ? ROLE_HIST_CURSOR : elem ? ROLE_BAR_ELEM :
			 kind == 2 ? ROLE_BAR_SELECTED : kind == 1 ? ROLE_BAR_REGION : ROLE_NORMAL;
		if (c == cc && ax == ' ')
			ax = focused ? '|' : ' ';
		scr_text(axis, r.x + c, 1, &ax, 1, as);
	}
}

/* Move the cursor to column c and select the element on the tallest
 * block there. */
static void
goto_column(struct tui *t, struct rect r, int c)
{
	const struct lineblock *lb = t->m.pg->lb;
	int nb = series_n(t);
	int z0, span;
	window(t, nb, &z0, &span);
	if (span < nb && (c < 0 || c >= r.w)) {
		/* zoomed: past an edge the window moves, a column's worth a
		 * step */
		int per = span / r.w > 0 ? span / r.w : 1;
		t->hist.z0 = z0 + (c < 0 ? c : c - r.w + 1) * per;
		window(t, nb, &z0, &span);
		t->hist.z0 = z0;
	}
	if (c < 0)
		c = 0;
	if (c >= r.w)
		c = r.w - 1;
	int b0, b1;
	col_blocks(t, nb, r.w, c, &b0, &b1);
	if (b1 < b0 || b0 > nb)
		return;
	int best = b0;
	for (int b = b0; b <= b1 && b <= nb; b++)
		if (series_v(t, b) > series_v(t, best))
			best = b;
	t->hist.cur = best;
	if (best <= lb->nlines) {
		int e = model_elem_at_line(&t->m, lb->src_line[best - 1]);
		if (e >= 0)
			tui_select(t, e, true);
	}
	t->hist.sel = t->m.sel;   /* the cursor stays where it was put */
}

static bool
hist_act(struct tui *t, struct rect pane, enum action a)
{
	struct yaxis yx;
	yaxis_make(t, pane, &yx);
	struct rect r = bars_rect(pane, &yx);
	const struct lineblock *lb = t->m.pg->lb;
	int nb = series_n(t);
	follow_selection(t);
	int c = col_of(t, nb, r.w, t->hist.cur);
	int step = 1;
	/* one block per step even when it spans several columns */
	int b0, b1;
	col_blocks(t, nb, r.w, c, &b0, &b1);
	int z0, span;
	window(t, nb, &z0, &span);
	switch (a) {
	case ACT_HIST_ZOOM_IN:
		if (span <= r.w) {
			tui_message(t, false, "histogram: one %s a column already",
				    t->hist.lines ? "line" : "block");
			return true;
		}
		t->hist.span = span / 2 > r.w ? span / 2 : r.w;
		t->hist.z0 = t->hist.cur - t->hist.span / 2;
		window(t, nb, &z0, &span);
		t->hist.z0 = z0;
		tui_message(t, false, "histogram: %s %d-%d of %d, %.1f a column (I zooms out)",
			    t->hist.lines ? "lines" : "blocks", z0, z0 + span - 1, nb,
			    (double)span / r.w);
		return true;
	case ACT_HIST_ZOOM_OUT:
		if (span >= nb) {
			tui_message(t, false, "histogram: the whole page already");
			return true;
		}
		t->hist.span = span * 2 < nb ? span * 2 : 0;
		t->hist.z0 = t->hist.cur - span;
		window(t, nb, &z0, &span);
		t->hist.z0 = z0;
		if (span >= nb)
			tui_message(t, false, "histogram: the whole page");
		else
			tui_message(t, false, "histogram: %s %d-%d of %d, %.1f a column",
				    t->hist.lines ? "lines" : "blocks", z0, z0 + span - 1, nb,
				    (double)span / r.w);
		return true;
	case ACT_LEFT:
		goto_column(t, r, c - 1);
		return true;
	case ACT_RIGHT:
		while (c + step < r.w) {
			int x0, x1;
			col_blocks(t, nb, r.w, c + step, &x0, &x1);
			if (x0 > b1)
				break;
			step++;
		}
		goto_column(t, r, c + step);
		return true;
	case ACT_PAGE_UP:
		goto_column(t, r, c - 10);
		return true;
	case ACT_PAGE_DOWN:
		goto_column(t, r, c + 10);
		return true;
	case ACT_HALF_UP:
		goto_column(t, r, c - 5);
		return true;
	case ACT_HALF_DOWN:
		goto_column(t, r, c + 5);
		return true;
	case ACT_HOME:
		goto_column(t, r, 0);
		return true;
	case ACT_END:
		goto_column(t, r, r.w - 1);
		return true;
	case ACT_UP:
	case ACT_DOWN: {
		/* the previous or next region */
		int target = -1;
		for (int g = 0; g < lb->nregions; g++) {
			int s = lb->regions[g].start;
			if (a == ACT_DOWN && s > b1) {
				target = s;
				break;
			}
			if (a == ACT_UP && s < b0)
				target = s;
		}
		if (target < 0) {
			tui_message(t, false, "no %s region", a == ACT_DOWN ? "next" : "previous");
			return true;
		}
		t->hist.cur = target;   /* the window follows it */
		if (span < nb && (target < z0 || target > z0 + span - 1))
			t->hist.z0 = target - span / 2;
		goto_column(t, r, col_of(t, nb, r.w, target));
		t->hist.cur = target;
		return true;
	}
	default:
		return false;
	}
}

static void
hist_click(struct tui *t, struct rect pane, int y, int x, int button)
{
	struct yaxis yx;
	yaxis_make(t, pane, &yx);
	struct rect r = bars_rect(pane, &yx);
	x -= yx.g;   /* a click on the axis goes to the first column */
	if (button == 4 || button == 5) {
		int c = col_of(t, series_n(t), r.w, t->hist.cur);
		goto_column(t, r, c + (button == 4 ? -3 : 3));
		return;
	}
	goto_column(t, r, x);
}

const struct view_ops view_histogram = {
	.name = "histogram",
	.draw = hist_draw,
	.act = hist_act,
	.click = hist_click,
};
