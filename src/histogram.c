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

void
histogram_svg(const struct lineblock *lb, const struct params *p, bool standalone,
	      struct buf *out)
{
	const double T = p->lb_T;
	enum { LEFT = 56, RIGHT = 16, TOP = 24, PLOT_H = 200, BOTTOM = 40, BAR_W = 4,
	       STEP = 5 };
	int n = lb->nblocks;
	int maxy = 0;
	for (int b = 0; b < n; b++)
		if (lb->Y[b] > maxy)
			maxy = lb->Y[b];
	double scale = maxy > T ? maxy : T;
	if (scale <= 0)
		scale = 1;
	int w = LEFT + n * STEP + RIGHT, h = TOP + PLOT_H + BOTTOM;
	int base = TOP + PLOT_H;    /* the x axis */
	if (standalone)
		buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" "
		   "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		   "data-blocks=\"%d\" data-k=\"%d\" data-t=\"%g\">\n", w, h, w, h, n, lb->K, T);
	buf_printf(out, "<title>Line-block lengths: %d block%s of K = %d lines, threshold T = %g, "
		   "%d region%s</title>\n", n, n == 1 ? "" : "s", lb->K, T, lb->nregions,
		   lb->nregions == 1 ? "" : "s");
	buf_adds(out, "<style>.bar{fill:#8a8a8a}.bar.region{fill:#c8a000}"
		 ".bar.region.selected{fill:#2e9a3e}.span{fill:#c8a000;fill-opacity:0.12}"
		 ".span.selected{fill:#2e9a3e}.threshold{stroke:#d02020;stroke-width:1.5;"
		 "stroke-dasharray:6 3}.axis{stroke:#333;stroke-width:1}"
		 "text{font:11px sans-serif;fill:#333}.tl{fill:#d02020}</style>\n");
	/* the regions' spans, behind the bars */
	for (int r = 0; r < lb->nregions; r++) {
		const struct lb_region *g = &lb->regions[r];
		buf_printf(out, "<rect class=\"span%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
			   "height=\"%d\"><title>region %d: blocks %d-%d%s</title></rect>\n",
			   g->selected ? " selected" : "", LEFT + (g->start - 1) * STEP, TOP,
			   (g->end - g->start + 1) * STEP - (STEP - BAR_W), PLOT_H, r + 1, g->start,
			   g->end, g->selected ? ", selected" : "");
	}
	int r = 0;
	for (int b = 1; b <= n; b++) {
		bool in = region_at(lb, b, &r) >= 0;
		int y = lb->Y[b - 1];
		int bh = (int)(y * (double)PLOT_H / scale + 0.5);
		if (y > 0 && bh < 1)    /* a block with text never looks empty */
			bh = 1;
		buf_printf(out, "<rect class=\"bar%s%s\" data-block=\"%d\" data-length=\"%d\" "
			   "x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"><title>block %d: %d "
			   "character%s%s</title></rect>\n",
			   in ? " region" : "", in && lb->regions[r].selected ? " selected" : "",
			   b, y, LEFT + (b - 1) * STEP, base - bh, BAR_W, bh, b, y,
			   y == 1 ? "" : "s", in ? ", in a region" : "");
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
	int xs = tick_step(n, n * STEP / 60 > 1 ? n * STEP / 60 : 1);
	for (int b = 1; b <= n; b += (b == 1 && xs > 1) ? xs - 1 : xs)
		buf_printf(out, "<text class=\"xtick\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">"
			   "%d</text>\n", LEFT + (b - 1) * STEP + BAR_W / 2, base + 14, b);
	buf_printf(out, "<text x=\"%d\" y=\"%d\">block</text>\n", LEFT, base + 32);
	buf_printf(out, "<text x=\"%d\" y=\"%d\">characters</text>\n", 4, TOP - 8);
	int ty = base - (int)(T * PLOT_H / scale + 0.5);
	buf_printf(out, "<line class=\"threshold\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
		   "\n<text class=\"tl\" x=\"%d\" y=\"%d\">T = %g</text>\n",
		   LEFT - 2, ty, w - RIGHT, ty, LEFT + 4, ty - 4, T);
	buf_adds(out, "</svg>\n");
}
