/* cli.h - the command line: options common to every command, parsed once
 * into struct cli, and the commands that use them (one cmd-*.c each).
 *
 * Usage errors print "pith: message" and a hint and give exit status 2;
 * commands return 0 (ok), 1 (some input failed) or 2 (usage). */
#ifndef PITH_CLI_H
#define PITH_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "method/method.h"
#include "page.h"
#include "format.h"
#include "params.h"


/* extract's --timeout when not given, for WARC and -j runs (seconds) */
#define EXTRACT_DEFAULT_TIMEOUT 60

struct rules_set;

struct cli {
	const char *command;
	const struct method *algo;
	bool algo_given;
	struct params params;
	struct page_opts page;
	const char *url;
	const char **siblings;
	int nsiblings;
	int timeout;            /* extract: seconds per page, 0 none, -1 default */
	const char *rules;
	const char *rules_out;
	struct rules_set *ruleset;  /* --rules, loaded by the command */
	bool ftr_only;          /* --ftr-only: rules as an ftr reader applies them */
	bool online;            /* rules test: fetch test_url pages */
	const char *format_arg; /* --format as given (rules export: ftr css json) */
	enum format format;
	bool links, images;     /* extract --format markdown: [text](url), ![alt](src) */
	bool front_matter;      /* extract --format markdown: the metadata first */
	bool no_title;          /* extract --format markdown: no "# title" first */
	bool comments;          /* extract: the reader comments apart (json, markdown, html) */
	const char *outdir;
	const char *from_list;  /* extract: input paths one a line, or NULL */
	int jobs;
	bool plot;
	bool features;      /* dump: the auto method's feature vectors */
	const char *gold;
	const char *gold_dir;   /* extract: DIR/NAME.gold.txt per page */
	const char *keys;       /* inspector: read keys from this file */
	const char *screen_out; /* inspector: dump screens here */
	int screen_cols, screen_lines;
	bool no_mouse;
	bool force;         /* -o: replace existing outputs, no numbered backup */
	int verbose;
	char **inputs;
	int ninputs;
};

/* Print "pith: FILE: reason" on stderr. */
void cli_report(const char *file, const char *reason);
/* cli_report, but a file said once already is not said again (a
 * directory walked as the inputs and again as the --siblings). */
void cli_report_once(const char *file, const char *reason);
/* Print "pith: message" and a hint on stderr; returns 2. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Is input a URL (http:// or https://)? */
bool cli_is_url(const char *input);
/* Test hook: when input's name holds $PITH_TEST_HANG, never return, as a
 * pathological page would not in any time (warc.test, tui.test). */
void cli_test_hang(const char *input);
/* Load one input (file, "-" or URL) into pg. */
int cli_load(const struct cli *c, const char *input, struct page *pg,
	     bool want_dom, char *err, size_t errlen);

/* The site state of method m for a run over inputs: its pages (the
 * inputs and the --siblings files, directories walked), each loaded on
 * its own (first in a child process, so that a page that crashes the
 * parser is left out and reported once, with crashed[i] set for an
 * input; crashed may be NULL) and freed again.  NULL when the method
 * needs no other pages. */
void *cli_site_new(const struct cli *c, const struct method *m,
		   char *const *inputs, int ninputs, uint8_t *crashed);
/* The same for nm methods at once (out[k] for ms[k]), each page loaded
 * once whatever the number of methods that use it; a terminal sees how
 * far the loading is. */
void cli_sites_new(const struct cli *c, const struct method *const *ms, int nm,
		   char *const *inputs, int ninputs, uint8_t *crashed, void **out);
/* The same a page at a time, for a caller with a screen to keep live:
 * begin (NULL when no method needs other pages), step (reads the next
 * page; the pages left), finish (reads what is left, builds out[k] for
 * ms[k] and frees the loader) or abandon (frees it). */
struct site_load;
struct site_load *cli_sites_begin(const struct cli *c, const struct method *const *ms, int nm,
				  char *const *inputs, int ninputs);
int cli_sites_total(const struct site_load *l);
int cli_sites_step(struct site_load *l);
void cli_sites_finish(struct site_load *l, uint8_t *crashed, void **out);
void cli_sites_abandon(struct site_load *l);
/* --siblings and directories: the page files they name, in order. */
struct strv;
void cli_sibling_paths(const struct cli *c, struct strv *out);
/* Files as they are, directories walked for pages: the paths in order. */
void cli_expand_paths(char *const *paths, int n, struct strv *out);

int cmd_dump(struct cli *c);
int cmd_extract(struct cli *c);
int cmd_histogram(struct cli *c);
int cmd_inspect(struct cli *c);
int cmd_report(struct cli *c);
int cmd_rules(struct cli *c);

#endif
