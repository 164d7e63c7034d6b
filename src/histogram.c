/* histogram.c - the line-block distribution as TSV or as a text plot,
 * written to a stream the caller owns (pith histogram, tests). */
#include "config.h"

#include <stdio.h>
#include "histogram.h"
#include "params.h"

/* Label "%6d |" before every bar. */
#define LABEL_WIDTH 8

static int
digits(int v)
{
	int d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* The region block b (1-based) lies in, or -1; *r walks the regions
 * forward as b grows (start it at 0). */
static int
region_at(const struct lineblock *lb, int b, int *r)
{
	while (*r < lb->nregions && lb->regions[*r].end < b)
		(*r)++;
	return *r < lb->nregions && lb->regions[*r].start <= b ? *r : -1;
}

static void
print_plot(const struct lineblock *lb, double T, int columns, FILE *out)
{
	int maxy = 0;
	for (int b = 0; b < lb->nblocks; b++)
		if (lb->Y[b] > maxy)
			maxy = lb->Y[b];
	/* Room for "  <number>*" after the bar. */
	if (columns <= 0)
		columns = 80;
	int width = columns - LABEL_WIDTH - (2 + digits(maxy) + 1);
	if (width < 1)
		width = 1;
	/* Scale to the larger of the longest bar and T, so both fit. */
	double scale = maxy > T ? maxy : T;
	int tcol = scale > 0 ? (int)(T * width / scale) : 0;
	if (tcol >= width)
		tcol = width - 1;

	int r = 0;
	for (int b = 1; b <= lb->nblocks; b++) {
		int in = region_at(lb, b, &r) >= 0;
		int y = lb->Y[b - 1];
		int len = 0;
		if (y > 0) {
			len = (int)(y * (double)width / scale);
			if (len < 1)    /* a block with text never looks empty */
				len = 1;
			if (len > width)
				len = width;
		}
		int cells = len > tcol + 1 ? len : tcol + 1;
		fprintf(out, "%6d |", b);
		for (int c = 0; c < cells; c++)
			putc(c == tcol ? ':' : c < len ? '#' : ' ', out);
		fprintf(out, "  %d%s\n", y, in ? "*" : "");
	}
}

int
histogram_print(const struct lineblock *lb, const struct params *p,
		    int plot, int columns, FILE *out)
{
	if (plot) {
		print_plot(lb, p->lb_T, columns, out);
		return 0;
	}
	fputs("block\tlength\n", out);
	for (int b = 0; b < lb->nblocks; b++)
		fprintf(out, "%d\t%d\n", b + 1, lb->Y[b]);
	for (int r = 0; r < lb->nregions; r++)
		fprintf(out, "# region %d %d\n", lb->regions[r].start,
			lb->regions[r].end);
	return 0;
}

/* ---- SVG ---- */

/* A round step for about n ticks over 0..max: 1, 2 or 5 times a power
 * of ten. */
static int
tick_step(int max, int n)
{
	static const int mult[] = { 1, 2, 5 };
	for (int step = 1;; step *= 10)
		for (int k = 0; k < 3; k++)
			if (max / (step * mult[k]) <= n || step >= 100000000)
				return step * mult[k];
}

/* Bars drawn at most: a page of a million lines would make an image of
 * five million pixels and half a gigabyte of SVG; past it each bar
 * stands for several blocks, the longest of them. */
#define SVG_MAX_BARS 2000

void
histogram_svg(const struct lineblock *lb, const struct params *p, bool standalone,
	      struct buf *out)
{
	const double T = p->lb_T;
	enum { LEFT = 56, RIGHT = 16, TOP = 24, PLOT_H = 200, BOTTOM = 40, BAR_W = 4,
	       STEP = 5 };
	int n = lb->nblocks;
	/* g blocks a bar, nb bars */
	int g = n > SVG_MAX_BARS ? (n + SVG_MAX_BARS - 1) / SVG_MAX_BARS : 1;
	int nb = (n + g - 1) / g;
	int maxy = 0;
	for (int b = 0; b < n; b++)
		if (lb->Y[b] > maxy)
			maxy = lb->Y[b];
	double scale = maxy > T ? maxy : T;
	if (scale <= 0)
		scale = 1;
	int w = LEFT + nb * STEP + RIGHT, h = TOP + PLOT_H + BOTTOM;
	int base = TOP + PLOT_H;    /* the x axis */
	if (standalone)
		buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" "
		   "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		   "data-blocks=\"%d\" data-k=\"%d\" data-t=\"%g\"", w, h, w, h, n, lb->K, T);
	if (g > 1)
		buf_printf(out, " data-per-bar=\"%d\"", g);
	buf_adds(out, ">\n");
	buf_printf(out, "<title>Line-block lengths: %d block%s of K = %d lines, threshold T = %g, "
		   "%d region%s", n, n == 1 ? "" : "s", lb->K, T, lb->nregions,
		   lb->nregions == 1 ? "" : "s");
	if (g > 1)
		buf_printf(out, "; %d blocks a bar, each bar the longest of its blocks (at most %d "
			   "bars; histogram --format tsv gives every block)", g, SVG_MAX_BARS);
	buf_adds(out, "</title>\n");
	buf_adds(out, "<style>.bar{fill:#8a8a8a}.bar.region{fill:#c8a000}"
		 ".bar.region.selected{fill:#2e9a3e}.span{fill:#c8a000;fill-opacity:0.12}"
		 ".span.selected{fill:#2e9a3e}.threshold{stroke:#d02020;stroke-width:1.5;"
		 "stroke-dasharray:6 3}.axis{stroke:#333;stroke-width:1}"
		 "text{font:11px sans-serif;fill:#333}.tl{fill:#d02020}</style>\n");
	/* the regions' spans, behind the bars; with several blocks a bar,
	 * regions that meet in a bar are one span */
	for (int r = 0; r < lb->nregions;) {
		const struct lb_region *f = &lb->regions[r];
		int q = r;
		bool sel = f->selected;
		while (q + 1 < lb->nregions && (lb->regions[q + 1].start - 1) / g <=
		       (lb->regions[q].end - 1) / g && lb->regions[q + 1].selected == sel)
			q++;
		const struct lb_region *e = &lb->regions[q];
		int b0 = (f->start - 1) / g, b1 = (e->end - 1) / g;
		buf_printf(out, "<rect class=\"span%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
			   "height=\"%d\"><title>", sel ? " selected" : "", LEFT + b0 * STEP, TOP,
			   (b1 - b0 + 1) * STEP - (STEP - BAR_W), PLOT_H);
		if (q > r)
			buf_printf(out, "regions %d-%d: blocks %d-%d", r + 1, q + 1, f->start, e->end);
		else
			buf_printf(out, "region %d: blocks %d-%d", r + 1, f->start, f->end);
		buf_printf(out, "%s</title></rect>\n", sel ? ", selected" : "");
		r = q + 1;
	}
	int r = 0;
	for (int k = 0; k < nb; k++) {
		int first = k * g + 1, last = first + g - 1 < n ? first + g - 1 : n;
		int y = 0;
		bool in = false, sel = false;
		for (int b = first; b <= last; b++) {
			if (lb->Y[b - 1] > y)
				y = lb->Y[b - 1];
			if (region_at(lb, b, &r) >= 0) {
				in = true;
				sel = sel || lb->regions[r].selected;
			}
		}
		int bh = (int)(y * (double)PLOT_H / scale + 0.5);
		if (y > 0 && bh < 1)    /* a block with text never looks empty */
			bh = 1;
		buf_printf(out, "<rect class=\"bar%s%s\" data-block=\"%d\" ",
			   in ? " region" : "", sel ? " selected" : "", first);
		if (last > first)
			buf_printf(out, "data-last=\"%d\" ", last);
		buf_printf(out, "data-length=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" "
			   "height=\"%d\"><title>", y, LEFT + k * STEP, base - bh, BAR_W, bh);
		if (last > first)
			buf_printf(out, "blocks %d-%d: the longest %d character%s%s", first, last, y,
				   y == 1 ? "" : "s", in ? ", some in a region" : "");
		else
			buf_printf(out, "block %d: %d character%s%s", first, y, y == 1 ? "" : "s",
				   in ? ", in a region" : "");
		buf_adds(out, "</title></rect>\n");
	}
	/* axes, with lengths up the left and block numbers along the bottom */
	buf_printf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
		   LEFT - 2, base, w - RIGHT, base);
	buf_printf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
		   LEFT - 2, TOP, LEFT - 2, base);
	int ys = tick_step((int)scale, 4);
	for (int v = 0; v <= (int)scale; v += ys) {
		int yy = base - (int)(v * (double)PLOT_H / scale + 0.5);
		buf_printf(out, "<text class=\"ytick\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%d"
			   "</text>\n", LEFT - 6, yy + 4, v);
	}
	/* ticks on bars, labelled with their first block */
	int xs = tick_step(nb, nb * STEP / 60 > 1 ? nb * STEP / 60 : 1);
	for (int k = 1; k <= nb; k += (k == 1 && xs > 1) ? xs - 1 : xs)
		buf_printf(out, "<text class=\"xtick\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">"
			   "%d</text>\n", LEFT + (k - 1) * STEP + BAR_W / 2, base + 14, (k - 1) * g + 1);
	buf_printf(out, "<text x=\"%d\" y=\"%d\">block</text>\n", LEFT, base + 32);
	buf_printf(out, "<text x=\"%d\" y=\"%d\">characters</text>\n", 4, TOP - 8);
	int ty = base - (int)(T * PLOT_H / scale + 0.5);
	buf_printf(out, "<line class=\"threshold\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
		   "\n<text class=\"tl\" x=\"%d\" y=\"%d\">T = %g</text>\n",
		   LEFT - 2, ty, w - RIGHT, ty, LEFT + 4, ty - 4, T);
	buf_adds(out, "</svg>\n");
}
