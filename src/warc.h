/* warc.h - a streaming reader of WARC files (ISO 28500: WARC/1.0, 1.1),
 * plain or gzip-compressed (one member per record, as crawlers write them,
 * or the whole file as one), that yields the HTML pages of its response
 * records with their HTTP body decoded (chunked transfer, gzip or deflate
 * content encoding); and the writer of WET conversion records.
 *
 * The reader holds one record at a time (its block bounded by max_block),
 * so memory stays flat over any input; bytes come through a read callback
 * (no I/O here).  Records that are not pages come back as WARC_SKIP with
 * the reason, counted by kind; a stream that cannot go on (corrupt gzip
 * data, a read error) ends with WARC_FAIL and the reason.  A record is
 * owned by the reader and valid until the next warc_reader_next(). */
#ifndef PITH_WARC_H
#define PITH_WARC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util.h"

/* Read up to n bytes into buf: the count, 0 at the end, -1 on error (the
 * reason in errno). */
typedef ssize_t (*warc_read_fn)(void *ctx, void *buf, size_t n);

enum warc_status {
	WARC_PAGE,      /* an HTML response: rec holds it */
	WARC_SKIP,      /* a record that is not a page: why says which */
	WARC_OTHER,     /* warcinfo, request, metadata...: no page, no skip */
	WARC_END,       /* the input ended cleanly */
	WARC_FAIL,      /* the input cannot be read on: why says why */
};

enum warc_skip {
	WARC_SKIP_NOT_HTML, WARC_SKIP_REVISIT, WARC_SKIP_TRUNCATED,
	WARC_SKIP_INVALID, WARC_SKIP_KINDS
};

struct warc_record {
	long number;            /* 1-based, in the input */
	char *type;             /* WARC-Type */
	char *target_uri;       /* WARC-Target-URI, or NULL */
	char *record_id;        /* WARC-Record-ID, as written (<urn:...>) */
	char *date;             /* WARC-Date */
	char *http_type;        /* the HTTP Content-Type, or NULL */
	struct buf body;        /* the HTTP body, decoded */
};

struct warc_reader;

/* A reader of max_block bytes at most per record block (larger records
 * are skipped as invalid) and as many decoded body bytes. */
struct warc_reader *warc_reader_new(warc_read_fn read, void *ctx, size_t max_block);
void warc_reader_free(struct warc_reader *r);

/* Do the input's first bytes read as a WARC record (through gzip if
 * compressed)?  Reads ahead without consuming: the next call of
 * warc_reader_next() or warc_reader_rest() still sees them. */
bool warc_reader_sniff(struct warc_reader *r);

/* The next record.  why (NUL-terminated, up to whylen) holds the reason
 * of WARC_SKIP and WARC_FAIL. */
enum warc_status warc_reader_next(struct warc_reader *r, struct warc_record **rec,
				  enum warc_skip *kind, char *why, size_t whylen);

/* The input's raw (still compressed) bytes from the start, read ahead or
 * not, appended to out up to max+1 bytes (for an input that is not WARC
 * after all).  0, or -1 on a read error. */
int warc_reader_rest(struct warc_reader *r, size_t max, struct buf *out);

/* Decode an HTTP response (status line, headers, body) into its body and
 * Content-Type: 0 with *html set when it is an HTML page, -1 with the
 * reason when it cannot be decoded.  Exposed for tests and the fuzzer. */
int warc_http_decode(const char *block, size_t n, size_t max, struct buf *body,
		     char **http_type, bool *html, char *why, size_t whylen);

/* Append a WET conversion record holding text (text/plain, UTF-8) to out.
 * target_uri is required; refers_to (a source record's ID) and date may
 * be NULL (date then the current time); the record's own ID is derived
 * from seed (the same seed, the same ID). */
void warc_write_conversion(struct buf *out, const char *target_uri,
			   const char *refers_to, const char *date,
			   const char *seed, const char *text, size_t len);

#endif
