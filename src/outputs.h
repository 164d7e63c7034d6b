/* outputs.h - extract -o DIR's files: each page's output named after its
 * input, and the checks made before any work (DIR writable, no two pages
 * on one file, no page written over its input).  Problems are reported
 * (cli_report, cli_usage_error) and given as an exit status. */
#ifndef PITH_OUTPUTS_H
#define PITH_OUTPUTS_H

#include <stdbool.h>

#include "cli.h"
#include "walk.h"

/* input's output name without extension, below root when found there;
 * caller frees. */
char *outputs_name(const char *input, const char *root);
/* DIR made if need be, and writable: 0, or 1 reported. */
int outputs_check_dir(const char *dir);
/* The output of each of in (found below roots, "" when named itself),
 * in c->outdir with the format's extension; an input whose output is an
 * earlier one's is reported and marked in skip, *status 1.  The in->n
 * paths (NULL after them) are the caller's to free, and the array. */
char **outputs_paths(const struct cli *c, const struct strv *in, const struct strv *roots,
		     bool *skip, int *status);
/* 0, or a usage error's status when an output is one of the inputs. */
int outputs_clash(const struct strv *in, char *const *outpath);

#endif
