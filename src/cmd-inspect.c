/* cmd-inspect.c - pith [inspect]: the inspector on a terminal; with
 * standard output not a terminal, what pith extract prints, so scripts
 * and pipes keep working.  pith report: the inspector's state, set up the
 * same way, written as HTML (tui/report.h). */
#include "config.h"

#include <unistd.h>

#include "cli.h"
#include "tui/tui.h"

int
cmd_inspect(struct cli *c)
{
	if (c->ninputs != 1)
		return cli_usage_error("the inspector takes one FILE or URL");
	if (!c->keys && !isatty(STDOUT_FILENO))
		return cmd_extract(c);
	return tui_run(c);
}

int
cmd_report(struct cli *c)
{
	if (c->ninputs != 1)
		return cli_usage_error("report takes one FILE or URL");
	if (c->keys)
		return cli_usage_error("report takes no --keys");
	return tui_run(c);
}
