/* charset.h - find a page's character encoding and convert it to UTF-8.
 *
 * Detection follows the order browsers use: byte-order mark, the user's
 * --charset, UTF-16 recognised by its byte pattern, the transport (HTTP
 * Content-Type), a <meta> / XML-declaration prescan of the first 4096
 * bytes with WHATWG label aliases, valid UTF-8, then libuchardet's
 * statistical detector, and windows-1252 only when that has no answer.
 * A label the bytes contradict (UTF-8 bytes under a legacy label, bytes
 * that are not UTF-8 under a utf-8 label) is overruled and noted.  Pages
 * that declare a charset or are valid UTF-8 never reach the detector.
 *
 * Conversion never stops at a bad byte: invalid sequences become U+FFFD and
 * are counted.  Returned strings are owned by the caller (struct buf);
 * labels are static. */
#ifndef PITH_CHARSET_H
#define PITH_CHARSET_H

#include <stddef.h>

#include "util.h"

#include <stdbool.h>

/* How the charset was decided; the names (charset_source_name) are those
 * of `pith extract --format json`'s "charset_source". */
enum charset_source {
	CHARSET_BOM,       /* "bom": a byte-order mark */
	CHARSET_OPTION,    /* "option": --charset */
	CHARSET_HTTP,      /* "http": the Content-Type of a fetched page */
	CHARSET_META,      /* "meta": <meta charset>, http-equiv, <?xml encoding?> */
	CHARSET_UTF8,      /* "utf-8": no usable label, and the bytes are UTF-8 */
	CHARSET_DETECTED,  /* "detected": UTF-16 byte pattern, or the detector */
	CHARSET_DEFAULT    /* "default": windows-1252, nothing else answered */
};

struct charset_guess {
	const char *name;          /* canonical WHATWG name, e.g. "windows-1252" */
	enum charset_source source;
	bool low_confidence;       /* a weak detection: --charset may do better */
	bool valid_utf8;           /* every byte was read as valid UTF-8 (false
				      when detection stopped before reading
				      them: a BOM, --charset, UTF-16) */
	size_t bom_len;            /* bytes of BOM to skip */
	char declared[40];         /* the label found in the page, if any */
	char note[160];            /* why a label was overruled, or "" */
};

/* The canonical name for a label ("latin1" -> "windows-1252"), or NULL for
 * a label pith does not know. */
const char *charset_canonical(const char *label);
/* The iconv name for a canonical name. */
const char *charset_iconv_name(const char *canonical);
const char *charset_source_name(enum charset_source s);
/* The source as shown to a reader: "detected?" for a weak detection,
 * otherwise charset_source_name(). */
const char *charset_how(const struct charset_guess *g);

/* The label of a <meta charset> / http-equiv / <?xml encoding?> in the
 * first 4096 bytes, copied into out; returns 0 if found, -1 if not. */
int charset_prescan(const char *bytes, size_t n, char *out, size_t outlen);

/* The statistical detector alone (libuchardet over the first 256 KiB):
 * the canonical name of its answer, or NULL when it has none that pith
 * can decode; *low set when the answer rests on little evidence. */
const char *charset_guess_bytes(const char *bytes, size_t n, bool *low);

/* Choose the encoding.  flag and http may be NULL.  An unknown flag is an
 * error (-1, message in err); unknown page labels are noted and ignored. */
int charset_detect(const char *bytes, size_t n, const char *flag,
		   const char *http, struct charset_guess *g,
		   char *err, size_t errlen);

/* Convert n bytes in encoding canonical to UTF-8, appended to out.
 * Returns 0, or -1 when iconv cannot convert from that encoding at all. */
int charset_convert(const char *bytes, size_t n, const char *canonical,
		    struct buf *out, size_t *replacements);

#endif
