/* fuzz-charset.c - libFuzzer target: charset detection and conversion.
 *
 * The first input byte picks a --charset flag and an HTTP Content-Type
 * (or none) from small tables; the rest is the page.  Runs the <meta>
 * prescan, charset_detect, charset_convert and the whole of load_bytes
 * (binary check, conversion, references, presentation forms), and checks
 * the promises of load.h: the text is NUL-terminated, holds no NUL and is
 * valid UTF-8. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "charset.h"
#include "load.h"

static const char *const flags[] = {
	NULL, NULL, NULL, NULL, "utf-8", "windows-1252", "gbk", "shift_jis",
	"utf-16le", "utf-16be", "iso-2022-jp", "euc-kr", "big5", "koi8-r",
	"x-user-defined", "iso-8859-8-i",
};

static const char *const https[] = {
	NULL, NULL, NULL, "text/html", "text/html; charset=utf-8",
	"text/html; charset=\"gb2312\"", "text/html;charset=utf-16",
	"text/html; charset=no-such-charset", "text/html; charset=",
	"text/html; charset=x-user-defined", "text/html; charset='latin1",
	"charset=replacement", "text/html; charset=iso-2022-kr",
	"text/html; charset=euc-jp; q=1", "text/html; charset=unicode",
	"text/html; CHARSET = UTF-16BE ",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned sel = data[0];
	const char *flag = flags[sel & 15];
	const char *http = https[sel >> 4];
	const char *bytes = (const char *)data + 1;
	size_t n = size - 1;
	char err[256], label[64];

	(void)charset_prescan(bytes, n, label, sizeof label);

	struct charset_guess g;
	if (charset_detect(bytes, n, flag, http, &g, err, sizeof err) == 0) {
		if (g.bom_len > n)
			abort();
		if (!charset_iconv_name(g.name))
			abort();
		struct buf out;
		size_t repl = 0;
		buf_init(&out);
		(void)charset_convert(bytes + g.bom_len, n - g.bom_len, g.name,
				      &out, &repl);
		buf_free(&out);
	}

	struct load_opts o;
	load_opts_default(&o);
	o.charset = flag;
	o.http_type = http;
	struct load_result r;
	if (load_bytes(bytes, n, &o, &r, err, sizeof err) == 0) {
		if (!r.text || r.text[r.len] != '\0' || memchr(r.text, '\0', r.len))
			abort();
		if (utf8_valid_prefix((const unsigned char *)r.text, r.len) != r.len)
			abort();
	} else if (!memchr(err, '\0', sizeof err) || !err[0]) {
		abort();    /* a failure must come with a reason */
	}
	load_result_free(&r);
	return 0;
}
