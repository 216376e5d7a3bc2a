// PanelKit Sans, the built-in bitmap faces (Sources/CBuiltInFont/faces.c, made by
// scripts/generate-font): constant data the app's pages hold only where a glyph is drawn.
#ifndef PANELKIT_CBUILTINFONT_H
#define PANELKIT_CBUILTINFONT_H

#define PANEL_BUILTIN_FACE_COUNT 7

// Each face's bytes, in the order of BuiltInFont.sizes, and how many there are.
extern const unsigned char *const panel_builtin_faces[PANEL_BUILTIN_FACE_COUNT];
extern const unsigned int panel_builtin_face_lengths[PANEL_BUILTIN_FACE_COUNT];

// The face at `index` (0 ..< PANEL_BUILTIN_FACE_COUNT) and its length: Swift sees the arrays
// above as tuples.
static inline const unsigned char *panel_builtin_face(int index) { return panel_builtin_faces[index]; }
static inline unsigned int panel_builtin_face_length(int index) { return panel_builtin_face_lengths[index]; }

#endif
