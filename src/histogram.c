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
		while (r < lb->nregions && lb->regions[r].end < b)
			r++;
		int in = r < lb->nregions && lb->regions[r].start <= b;
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
