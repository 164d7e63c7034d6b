/* cmd-histogram.c - `pith histogram`: the line-block distribution as TSV
 * or as a text plot. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"
#include "lineblock.h"
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
cmd_histogram_print(const struct lineblock *lb, const struct params *p,
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

/* ---- the command ---- */

static int
terminal_columns(void)
{
	struct winsize ws;
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *c = getenv("COLUMNS");
	int n = c ? atoi(c) : 0;
	return n > 20 ? n : 80;
}

int
cmd_histogram(struct cli *c)
{
	if (c->ninputs != 1)
		return cli_usage_error("histogram takes one FILE");
	if (c->format_given && c->format != FORMAT_TSV)
		return cli_usage_error("histogram writes tsv");
	struct page pg;
	char err[256];
	const char *in = c->inputs[0];
	/* the line-block method needs no parse */
	if (cli_load(c, in, &pg, false, err, sizeof err) < 0) {
		cli_report(in, err);
		page_free(&pg);
		return 1;
	}
	page_lineblock(&pg, &c->params);
	cmd_histogram_print(pg.lb, &c->params, c->plot, terminal_columns(), stdout);
	page_free(&pg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return 0;
}
