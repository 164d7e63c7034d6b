/* cmd-histogram.c - pith histogram: the line-block distribution of one
 * page, as TSV or as a text plot. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"
#include "histogram.h"

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
	if (c->format == FORMAT_SVG && c->plot)
		return cli_usage_error("--plot draws text; --format svg an image: one of them");
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
	if (c->format == FORMAT_SVG) {
		struct buf svg;
		buf_init(&svg);
		histogram_svg(pg.lb, &c->params, true, &svg);
		fwrite(svg.data, 1, svg.len, stdout);
		buf_free(&svg);
	} else {
		histogram_print(pg.lb, &c->params, c->plot, terminal_columns(), stdout);
	}
	page_free(&pg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return 0;
}
