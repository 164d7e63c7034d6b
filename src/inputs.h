/* inputs.h - pith extract's inputs as items, one page each: the page
 * files named, listed (--from-list) or found in directories, a page on
 * standard input, and the pages of WARC files, read record by record so
 * that memory stays flat.
 *
 * An item's strings and bytes are the reader's until its next call.  An
 * input that cannot be read is reported (cli_report) or, where it stands
 * for a page, given as the item's error. */
#ifndef PITH_INPUTS_H
#define PITH_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "util.h"
#include "walk.h"
#include "warc.h"

/* One unit of work: a page file of the inputs, or a page given as bytes
 * (a WARC record, standard input).  The strings go to a worker with it. */
enum { S_NAME, S_FILE, S_URL, S_ID, S_DATE, S_TYPE, NSTR };
struct item {
	int input;              /* the page file's index in the inputs, or -1 */
	int site_index;         /* the page among the site's pages, or -1 */
	const char *s[NSTR];    /* name (for reports), file, URL, WARC-Record-ID,
				 * WARC-Date, HTTP Content-Type; NULL when none */
	const char *bytes;      /* a page given as bytes */
	size_t len;
	const char *error;      /* failed before it could run: the reason */
	bool warc;              /* a WARC record */
	long record;            /* its number in its WARC file (1-based), or 0 */
};

/* The inputs being read: set c, in, is_warc, site_index and fd = -1,
 * the rest zero; inputs_free at the end. */
struct inputs {
	const struct cli *c;
	const struct strv *in;  /* the inputs, directories walked already */
	const bool *is_warc;    /* per input: read as a WARC file */
	const int *site_index;  /* per input: its place among the site's pages */
	int next;               /* the next input */
	int cur;                /* the WARC input being read */
	int fd;
	struct warc_reader *wr;
	long pages, skipped[WARC_SKIP_KINDS];
	char *name;             /* the current record's name */
	struct buf bytes;       /* a page read whole from standard input */
	char err[96];           /* an item's error, when made here */
	int status;             /* 1 when an input failed here */
};

/* The next item, false at the end of the inputs. */
bool inputs_next(struct inputs *s, struct item *it);
void inputs_free(struct inputs *s);

/* --from-list: the paths of list (- for standard input), one a line,
 * appended to out; -1 when it cannot be read (reported). */
int inputs_read_list(const char *list, struct strv *out);
/* Whether path is named as a WARC file (.warc, .warc.gz). */
bool inputs_is_warc(const char *path);
/* args with directories walked into their pages (into in), and the
 * directory each was found under (into roots); 1 when one failed. */
int inputs_expand(const struct strv *args, struct strv *in, struct strv *roots);

/* An item as the bytes of an order for a worker process (appended to
 * out), and the item of such an order: its strings and bytes point into
 * ord, NUL-terminated there. */
void inputs_pack(const struct item *it, struct buf *out);
void inputs_unpack(char *ord, struct item *it);

#endif
