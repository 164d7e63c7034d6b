/* tidy-arena.h - libtidy's memory for one parse, from an arena */
#ifndef PITH_TIDY_ARENA_H
#define PITH_TIDY_ARENA_H

#include <stddef.h>

/* tidy.h declares const-qualified return types that -Wextra flags. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#pragma GCC diagnostic pop

/* libtidy allocates every node, attribute and string on its own and
 * frees them one by one at tidyRelease().  An arena hands that memory out
 * of large chunks instead and takes it back whole (tidy_arena_drop):
 *  - a block freed waits in a list by its size for the next block of
 *    that size (the parse frees many a token as it goes);
 *  - the block handed out last grows in place;
 *  - a block of TIDY_ARENA_BIG bytes or more (with its head) is malloc's:
 *    libtidy's lexer grows its buffer of the page's text by realloc, which
 *    an arena would copy, and frees long strings it made for a while,
 *    which an arena would keep until the end (a page of 0.8 MB then took
 *    8 MB more);
 *  - dropped chunks, up to TIDY_ARENA_KEEP bytes of them, are kept for the
 *    next parse in the process, so that a batch's worker does not fault
 *    fresh memory in for every page; the rest go back to the system.
 * Pass &a->base to tidyCreateWithAllocator(); drop the arena after
 * tidyRelease(). */

#define TIDY_ARENA_BIG ((size_t)1024)
#define TIDY_ARENA_SMALL 63     /* units (16 bytes on x86-64): every block below BIG */
#define TIDY_ARENA_KEEP ((size_t)2 << 20)

struct tidy_arena_chunk;
struct tidy_arena_free;        /* a freed block: the next of its size */

struct tidy_arena {
	TidyAllocator base;              /* first: libtidy hands this back */
	struct tidy_arena_chunk *top;    /* the chunk being cut, the others behind it */
	void *last;                      /* the block handed out last, or NULL */
	struct tidy_arena_free *freed[TIDY_ARENA_SMALL + 1];  /* by size in units */
};

void tidy_arena_init(struct tidy_arena *a);
void tidy_arena_drop(struct tidy_arena *a);
/* Bytes of a's chunks, and of those kept for the next parse (tests). */
size_t tidy_arena_bytes(const struct tidy_arena *a);
size_t tidy_arena_kept(void);

#endif
