/* entities.h - HTML's character references: the named entities a page may
 * use (HTML 4's, which are HTML 5's common ones, and &apos;) and the
 * character a numeric reference stands for.
 *
 * Plain constant tables, shared by lb's Ctext scan and load's reference
 * decoding so that the two read &#150; alike.  Nothing to own or free;
 * no errors. */
#ifndef PITH_ENTITIES_H
#define PITH_ENTITIES_H

#include <stddef.h>
#include <stdint.h>

struct entity {
	const char *name;
	uint32_t cp;
};

/* The entity named name[0..n) (not NUL-terminated, case matters), or
 * NULL. */
const struct entity *entity_find(const unsigned char *name, size_t n);

/* The character &#v; stands for: U+FFFD for 0, a surrogate or past
 * U+10FFFF; windows-1252's meaning for 128-159, as HTML says; v itself
 * otherwise. */
uint32_t entity_numeric(uint64_t v);

#endif
