/* charset.h - find a page's character encoding and convert it to UTF-8.
 *
 * Detection follows the order browsers use: byte-order mark, the user's
 * --charset, the transport (HTTP Content-Type), a <meta> prescan of the
 * first 4096 bytes with WHATWG label aliases, then a sniff (valid UTF-8, or
 * windows-1252).  A label the bytes contradict is noted and overruled.
 *
 * Conversion never stops at a bad byte: invalid sequences become U+FFFD and
 * are counted.  Returned strings are owned by the caller (struct buf);
 * labels are static. */
#ifndef PITH_CHARSET_H
#define PITH_CHARSET_H

#include <stddef.h>

#include "util.h"

enum charset_source {
	CHARSET_BOM, CHARSET_FLAG, CHARSET_HTTP, CHARSET_META,
	CHARSET_SNIFF, CHARSET_FALLBACK
};

struct charset_guess {
	const char *name;          /* canonical WHATWG name, e.g. "windows-1252" */
	enum charset_source source;
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

/* The label of a <meta charset> / http-equiv / <?xml encoding?> in the
 * first 4096 bytes, copied into out; returns 0 if found, -1 if not. */
int charset_prescan(const char *bytes, size_t n, char *out, size_t outlen);

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
