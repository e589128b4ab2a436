// The WebGL2 cell layer (render.js picks it, and falls back to the 2D canvas without it).
//
// The planner's terrain and state bytes (one byte a cell, `y * width + x`) are uploaded as
// two R8UI textures straight from views over wasm memory — no copy in JS — and only the parts
// the planner says changed since the last paint (`takeChanges`: runs of 32 × 32-cell tiles
// along rows). A shader colours those parts into a colour texture (one texel a cell) through
// a small palette texture (palette.js's one table), and halves them into the levels of a
// colour pyramid (level L: the mean colour of 2^L × 2^L cells). The canvas keeps its picture
// between frames (preserveDrawingBuffer), so a frame in which the search touched a few tiles
// uploads, colours and redraws those tiles and nothing else; a zoom or pan redraws it whole.
//
// Sampling: a cell of at least one device pixel is drawn by nearest neighbour (crisp
// squares). Smaller cells are never skipped (skipping rows and columns turns a maze into
// moiré): as trilinear mipmapping does, a pixel blends bilinear samples of the two pyramid
// levels whose texels are nearest its size (cells averaged first, then interpolated).
// Levels are built only once the view zooms out that far, and then kept up to date for the
// changed parts only.
//
// The layer draws on a canvas of its own under the view's canvas, which stays on top for
// input and for the vectors (path, markers…) that render.js draws crisply over the cells.
//
// On a software GL (SwiftShader, llvmpipe: `softwareRenderer`) the shaders' colouring and
// halving cost the GPU process more than a frame's time on a 4096² search, so the pyramid is
// made on the CPU instead (render-pyramid.js: the wasm frame the 2D canvas paints from, and
// the same halving) and only its changed texels are uploaded; the draw is the same.

import { buildPalette, buildHeatRamp, buildRangePalette, STATE_COUNT, TERRAIN, BACKGROUND as PAGE } from './palette.js';
import { FieldChanges, fieldFrame } from './fields-paint.js';
import { SQRT3, RADIUS } from './geometry.js';
import { Stale } from './render-boxes.js';
import { halve } from './render-pyramid.js';

/** The page behind the map (palette.js), as the shader's RGBA floats. */
const BACKGROUND = [...PAGE.map((c) => c / 255), 1];

const QUAD = `#version 300 es
// A rectangle in clip space, from the vertex index: no vertex buffer.
uniform vec4 u_rect;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}`;

const HEAD = `#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
`;

// Level 0 of the pyramid: each cell's colour, palette[state][terrain] in the path view; in
// the distance field's view the heat ramp (walls as walls), in the movement range's the
// terrain, tinted in range (palette.js's tables, as the 2D layer's fields-paint.js).
const COLOUR = `${HEAD}
uniform highp usampler2D u_cells;
uniform highp usampler2D u_states;
uniform sampler2D u_palette;
uniform int u_mode;               // 0 search states, 1 distance field, 2 movement range
uniform highp usampler2D u_extra; // the heat bytes (1) or the range mask (2)
uniform sampler2D u_fields;       // row 0: the heat ramp; row 1: terrain * 2 + in range
void main() {
  ivec2 c = ivec2(gl_FragCoord.xy);
  uint terrain = texelFetch(u_cells, c, 0).r;
  if (u_mode == 1) {
    uint heat = texelFetch(u_extra, c, 0).r;
    colour = terrain == 0u ? texelFetch(u_palette, ivec2(0, 0), 0) : texelFetch(u_fields, ivec2(int(heat), 0), 0);
  } else if (u_mode == 2) {
    uint inRange = min(texelFetch(u_extra, c, 0).r, 1u);
    colour = texelFetch(u_fields, ivec2(int(terrain * 2u + inRange), 1), 0);
  } else {
    uint state = texelFetch(u_states, c, 0).r;
    colour = texelFetch(u_palette, ivec2(int(state), int(terrain)), 0);
  }
}`;

// A level above: the mean colour of the 2 × 2 texels under each texel (fewer at an odd edge).
const REDUCE = `${HEAD}
uniform sampler2D u_below;
void main() {
  ivec2 base = ivec2(gl_FragCoord.xy) * 2;
  ivec2 size = textureSize(u_below, 0);
  vec4 sum = vec4(0.0);
  float n = 0.0;
  for (int j = 0; j < 2; j++) {
    for (int i = 0; i < 2; i++) {
      ivec2 c = base + ivec2(i, j);
      if (c.x < size.x && c.y < size.y) {
        sum += texelFetch(u_below, c, 0);
        n += 1.0;
      }
    }
  }
  colour = sum / max(n, 1.0);
}`;

// The map on screen, from one pyramid level, or blended from two as trilinear mipmapping does.
const SHOW = `${HEAD}
uniform sampler2D u_level;
uniform sampler2D u_next;  // the level above u_level
uniform float u_blend;     // how much of u_next
uniform vec2 u_origin;     // the map's corner, device px from the canvas's top-left
uniform vec2 u_cellPx;     // device px per cell, across and down
uniform float u_height;    // the canvas's height in device px (gl_FragCoord.y counts up)
uniform bool u_nearest;    // cells of a pixel or more: the nearest cell, crisp
uniform float u_unit;      // cells per texel of u_level (2^L)
uniform int u_shape;       // 0 squares, 1 hexagons in rows, 2 hexagons in columns
uniform vec2 u_hexOrigin;  // hexagons: the map's bounding box corner, device px, unsnapped
uniform float u_pitch;     // hexagons: device px between neighbouring centres
uniform vec4 u_background; // outside the map's hexagons

const float SQRT3 = ${SQRT3};
const float RADIUS = ${RADIUS}; // 1 / √3: a hexagon's corners from its centre (geometry.js)

// The cell geometry: where a device pixel falls, in cells (viewport.js and geometry.js are
// the same geometry for the pointer). Squares, and hexagons zoomed out (many to a pixel,
// averaged over their bounding box), map the rectangle onto the cells.
vec2 cellCoord(vec2 px) {
  return (px - u_origin) / u_cellPx;
}

// The hex at fractional axial (q, r): cube coordinates rounded, the one that moved most put
// back. The GPU's copy of geometry.js cubeRound (and Rust's Shape::round_axial, both held to
// tests/cube-round.txt); tests/e2e/hex.test.mjs holds this one to them on screen, pixels
// either side of every edge and corner painted as the pointer picks them.
ivec2 cubeRound(vec2 qr) {
  vec3 c = vec3(qr, -qr.x - qr.y);
  vec3 r = floor(c + 0.5);
  vec3 d = abs(r - c);
  if (d.x > d.y && d.x > d.z) r.x = -r.y - r.z;
  else if (d.y > d.z) r.y = -r.x - r.z;
  return ivec2(r.xy);
}

// The hexagon a device pixel falls in, in offset coordinates (geometry.js pick): exact at
// every edge, so painting agrees with picking to the pixel.
ivec2 hexAt(vec2 px) {
  vec2 p = (px - u_hexOrigin) / u_pitch;
  if (u_shape == 1) {
    vec2 d = p - vec2(0.5, RADIUS);
    ivec2 a = cubeRound(vec2(d.x - d.y / SQRT3, 2.0 * d.y / SQRT3));
    return ivec2(a.x + (a.y - (a.y & 1)) / 2, a.y);
  }
  vec2 d = p - vec2(RADIUS, 0.5);
  ivec2 a = cubeRound(vec2(2.0 * d.x / SQRT3, d.y - d.x / SQRT3));
  return ivec2(a.x, a.y + (a.x - (a.x & 1)) / 2);
}

void main() {
  vec2 px = vec2(gl_FragCoord.x, u_height - gl_FragCoord.y);
  ivec2 size = textureSize(u_level, 0);
  if (u_nearest && u_shape != 0) {
    ivec2 c = hexAt(px);
    bool inside = all(greaterThanEqual(c, ivec2(0))) && all(lessThan(c, size));
    colour = inside ? texelFetch(u_level, c, 0) : u_background;
  } else if (u_nearest) {
    colour = texelFetch(u_level, clamp(ivec2(floor(cellCoord(px))), ivec2(0), size - 1), 0);
  } else {
    vec2 at = cellCoord(px);
    vec4 fine = texture(u_level, at / u_unit / vec2(size));
    vec4 coarse = texture(u_next, at / (2.0 * u_unit) / vec2(textureSize(u_next, 0)));
    colour = mix(fine, coarse, u_blend);
  }
}`;

/** Renderer strings of GLs that draw on the CPU: SwiftShader, Mesa's llvmpipe and softpipe, Windows' WARP. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * The software renderer's name (`SwiftShader`…) when the context draws on the CPU, else '':
 * read from the unmasked renderer string (`WEBGL_debug_renderer_info`) where the browser
 * gives it, else from `RENDERER`.
 * @param {WebGL2RenderingContext} gl
 */
export function softwareRenderer(gl) {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return name.match(SOFTWARE)?.[0] ?? '';
}

/** The shader's number for each cell shape. */
const SHAPES = { square: 0, 'hex-rows': 1, 'hex-columns': 2 };

/** Texture units: every sampler of every program keeps one unit. */
const UNIT = { cells: 0, states: 1, palette: 2, level: 3, next: 4, extra: 5, fields: 6 };

/** The shader's number for each view's cell colours (COLOUR's u_mode). */
const MODES = { field: 1, range: 2 };

/**
 * Compiles and links a program drawing `fragment` over a QUAD, its samplers on their units.
 * @param {WebGL2RenderingContext} gl
 * @param {string} fragment
 * @returns {{program: WebGLProgram, at: (name: string) => WebGLUniformLocation | null}}
 */
function program(gl, fragment) {
  const p = gl.createProgram();
  /** @type {[number, string][]} */
  const stages = [[gl.VERTEX_SHADER, QUAD], [gl.FRAGMENT_SHADER, fragment]];
  for (const [type, text] of stages) {
    const s = /** @type {WebGLShader} */ (gl.createShader(type));
    gl.shaderSource(s, text);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS) && !gl.isContextLost()) {
      throw new Error(`a WebGL2 shader did not compile: ${gl.getShaderInfoLog(s)}`);
    }
    gl.attachShader(p, s);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS) && !gl.isContextLost()) {
    throw new Error(`a WebGL2 program did not link: ${gl.getProgramInfoLog(p)}`);
  }
  const locations = new Map();
  const at = (name) => {
    if (!locations.has(name)) locations.set(name, gl.getUniformLocation(p, name));
    return locations.get(name);
  };
  gl.useProgram(p);
  gl.uniform1i(at('u_cells'), UNIT.cells);
  gl.uniform1i(at('u_states'), UNIT.states);
  gl.uniform1i(at('u_palette'), UNIT.palette);
  gl.uniform1i(at('u_below'), UNIT.level);
  gl.uniform1i(at('u_level'), UNIT.level);
  gl.uniform1i(at('u_next'), UNIT.next);
  gl.uniform1i(at('u_extra'), UNIT.extra);
  gl.uniform1i(at('u_fields'), UNIT.fields);
  return { program: p, at };
}

/** A texture of `format` storage, edges clamped, sampled by `filter`. */
function texture(gl, format, width, height, filter = gl.NEAREST) {
  const t = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, t);
  gl.texStorage2D(gl.TEXTURE_2D, 1, format, width, height);
  for (const [k, v] of [[gl.TEXTURE_MIN_FILTER, filter], [gl.TEXTURE_MAG_FILTER, filter],
    [gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE], [gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE]]) {
    gl.texParameteri(gl.TEXTURE_2D, k, v);
  }
  return t;
}


/**
 * A level of the colour pyramid (level 0: a texel a cell; level L: the mean of 2^L × 2^L
 * cells) and its out-of-date parts. Made on the CPU (`cpu`), a level above 0 keeps its words
 * in `data`, and `unsent` holds the texels changed there but not yet uploaded.
 * @typedef {{texture: WebGLTexture, width: number, height: number, stale: Stale,
 *   data: Uint32Array | null, unsent: Stale | null}} Level
 */

export class GlCells {
  /**
   * Puts a canvas for the cells under `canvas` and sets WebGL2 up on it; throws (leaving
   * nothing behind) when the browser has no WebGL2 or a shader fails.
   * @param {HTMLCanvasElement} canvas the view's canvas, which stays on top
   * @param {() => WebAssembly.Memory} memory
   * @param {(reason: string) => void} onFail called when the context is lost
   * @param {boolean} [cpu] whether to make the colour pyramid on the CPU (render-pyramid.js);
   *   by default, on a software GL only (`?pyramid=` in the URL decides: `requestedPyramid`)
   */
  constructor(canvas, memory, onFail, cpu = undefined) {
    this.name = 'webgl2';
    this.memory = memory;
    this.glCanvas = document.createElement('canvas');
    this.glCanvas.className = 'gl-cells';
    this.glCanvas.setAttribute('aria-hidden', 'true');
    Object.assign(this.glCanvas.style, {
      position: 'absolute', inset: '0', width: '100%', height: '100%', display: 'block', pointerEvents: 'none',
    });
    // preserveDrawingBuffer: a frame in which a few tiles changed redraws just those pixels.
    const gl = this.glCanvas.getContext('webgl2', {
      alpha: false, antialias: false, depth: false, stencil: false, preserveDrawingBuffer: true,
    });
    if (!gl) throw new Error('this browser gives no WebGL2 context');
    this.gl = gl;
    try {
      this.colour = program(gl, COLOUR);
      this.reduce = program(gl, REDUCE);
      this.show = program(gl, SHOW);
    } catch (e) {
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      throw e;
    }
    this.maxSize = gl.getParameter(gl.MAX_TEXTURE_SIZE);
    /** The software renderer drawing this context (SwiftShader…), or '' on a GPU. */
    this.software = softwareRenderer(gl);
    /** Whether the colour pyramid is made on the CPU and uploaded (render-pyramid.js): on a
     * software GL, where the page's thread colours and halves faster than the GL's shaders. */
    this.cpu = cpu ?? this.software !== '';
    /** Where the last `render()` left the planner's frame in wasm memory (`cpu`). */
    this.framePtr = 0;
    /** The field or range view's colours, a word a cell (`cpu`). */
    this.fieldWords = new Uint32Array(0);
    this.palette = texture(gl, gl.RGBA8, STATE_COUNT, TERRAIN.length);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    // buildPalette's words are `terrain * STATE_COUNT + state`, little-endian RGBA: row
    // `terrain`, column `state` of an RGBA8 texture as they lie.
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, STATE_COUNT, TERRAIN.length, gl.RGBA, gl.UNSIGNED_BYTE,
      new Uint8Array(buildPalette().buffer));
    // The field views' colours: the heat ramp's 256 words, and the range's terrain × in range.
    this.fieldPalette = texture(gl, gl.RGBA8, 256, 2);
    const fieldWords = new Uint32Array(512);
    fieldWords.set(buildHeatRamp());
    fieldWords.set(buildRangePalette(), 256);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 256, 2, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(fieldWords.buffer));
    /** COLOUR's u_mode: 0 the path view, else the field view's (MODES). */
    this.mode = 0;
    /** The field scene's key the textures were last made for ('' = the path view). */
    this.fieldKey = '';
    /** Where the field's or range's bytes changed since they were uploaded. */
    this.changes = new FieldChanges();
    this.framebuffer = gl.createFramebuffer();
    /** @type {{width: number, height: number, cells: WebGLTexture, states: WebGLTexture, extra: WebGLTexture} | null} */
    this.map = null;
    /** Level 0 (a texel a cell) and the levels above, built as the zoom needs them. @type {Level[]} */
    this.levels = [];
    /** What the canvas shows: the view it was drawn for ('' = nothing yet). */
    this.shown = '';
    /** The parts of the map (cells, [x, y, w, h, …]) uploaded since the last draw. @type {number[]} */
    this.damage = [];
    this.lost = () => onFail('the WebGL2 context was lost');
    this.glCanvas.addEventListener('webglcontextlost', this.lost);
    canvas.before(this.glCanvas);
  }

  /** Frees the map's textures and pyramid (a new map size). */
  dropMap() {
    const gl = this.gl;
    if (this.map) {
      gl.deleteTexture(this.map.cells);
      gl.deleteTexture(this.map.states);
      gl.deleteTexture(this.map.extra);
    }
    for (const level of this.levels) gl.deleteTexture(level.texture);
    this.map = null;
    this.levels = [];
  }

  /**
   * Uploads what changed and draws the cells.
   * @param {import('./viewport.js').Viewport} view
   * @param {import('./pkg/pathlab.js').Planner} planner
   * @param {boolean} changed whether the planner's picture may have changed since the last paint
   * @param {CanvasRenderingContext2D} ctx the view's canvas, cleared for the vectors
   * @param {import('./fields-paint.js').FieldScene | null} [fields] the field or range view's
   *   cells, or null for the path view
   */
  paint(view, planner, changed, ctx, fields = null) {
    const gl = this.gl;
    const { width: cw, height: ch } = ctx.canvas;
    if (this.glCanvas.width !== cw || this.glCanvas.height !== ch) {
      this.glCanvas.width = cw;
      this.glCanvas.height = ch;
    }
    const w = planner.width;
    const h = planner.height;
    if (!this.map || this.map.width !== w || this.map.height !== h) {
      if (w > this.maxSize || h > this.maxSize) {
        throw new Error(`the map is larger than this GPU's ${this.maxSize}-texel textures`);
      }
      this.dropMap();
      // Made on the CPU, the pyramid needs no cell bytes on the GPU.
      const [bw, bh] = this.cpu ? [1, 1] : [w, h];
      this.map = {
        width: w, height: h, cells: texture(gl, gl.R8UI, bw, bh), states: texture(gl, gl.R8UI, bw, bh), extra: texture(gl, gl.R8UI, bw, bh),
      };
      this.fieldKey = '';
      this.changes.forget();
      this.levels.push(this.level(w, h, false));
      // New textures hold nothing: every row is to be uploaded.
      planner.repaintAll();
      this.shown = '';
      changed = true;
    }
    if (changed && this.cpu) this.render(planner);
    else if (changed) this.upload(planner);
    this.uploadField(fields, planner);
    ctx.clearRect(0, 0, cw, ch);
    this.draw(view, cw, ch);
  }

  /**
   * A new level of `width` × `height` texels, all out of date.
   * @param {number} width
   * @param {number} height
   * @param {boolean} keepWords whether the level keeps its colour words on the CPU too (`cpu`,
   *   a level above 0, which the next level is halved from)
   */
  level(width, height, keepWords) {
    const gl = this.gl;
    return {
      texture: texture(gl, gl.RGBA8, width, height, gl.LINEAR), width, height, stale: new Stale(width, height),
      data: this.cpu && keepWords ? new Uint32Array(width * height) : null, unsent: this.cpu ? new Stale(width, height) : null,
    };
  }

  /**
   * Level `l` of the pyramid, made (half the size of level `l − 1`, all out of date) if it
   * is not yet: `refresh` and `refreshCpu` go up the levels in order, so level `l − 1` is.
   * @param {number} l
   * @returns {Level}
   */
  levelAt(l) {
    if (!this.levels[l]) {
      const below = this.levels[l - 1];
      this.levels.push(this.level(Math.ceil(below.width / 2), Math.ceil(below.height / 2), true));
    }
    return this.levels[l];
  }

  /**
   * Brings the planner's frame (a colour word a cell, made in wasm as for the 2D canvas) up
   * to date and marks what changed in it out of date in every level (`cpu`).
   * @param {import('./pkg/pathlab.js').Planner} planner
   */
  render(planner) {
    this.framePtr = planner.render();
    const boxes = Array.from(planner.dirtyRects());
    if (this.mode !== 0 || !boxes.length) return;
    this.damage = boxes;
    this.markLevels(boxes);
  }

  /**
   * Marks every level's texels over the cell boxes out of date.
   * @param {ArrayLike<number>} boxes `[x, y, w, h, …]` in cells
   */
  markLevels(boxes) {
    this.levels.forEach((level, l) => {
      for (let i = 0; i < boxes.length; i += 4) {
        const [x, y, w, h] = [boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]];
        level.stale.mark(x >> l, y >> l, ((x + w - 1) >> l) + 1, ((y + h - 1) >> l) + 1);
      }
    });
  }

  /** Uploads the parts the planner says changed, from wasm memory in place. */
  upload(planner) {
    const parts = Array.from(planner.takeChanges());
    if (!parts.length) return;
    const gl = this.gl;
    this.damage = parts;
    const { width, cells, states } = /** @type {NonNullable<GlCells['map']>} */ (this.map);
    const bytes = new Uint8Array(this.memory().buffer);
    // Rows of the rectangles are `width` bytes apart in memory, as the map's rows are.
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.UNPACK_ROW_LENGTH, width);
    for (const [tex, ptr] of [[cells, planner.cellsPtr()], [states, planner.statesPtr()]]) {
      gl.bindTexture(gl.TEXTURE_2D, tex);
      for (let i = 0; i < parts.length; i += 4) {
        const [x, y, w, h] = parts.slice(i, i + 4);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, w, h, gl.RED_INTEGER, gl.UNSIGNED_BYTE, bytes, ptr + y * width + x);
      }
    }
    gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
    // Each level's texels over those cells are out of date.
    this.markLevels(parts);
  }

  /**
   * Takes the field or range view's bytes when they changed: the tiles that differ from what
   * was uploaded (a repair after a small edit touches few), or all of them the first time;
   * when the view itself changed, every level is coloured anew.
   * @param {import('./fields-paint.js').FieldScene | null} fields
   * @param {import('./pkg/pathlab.js').Planner} planner
   */
  uploadField(fields, planner) {
    const key = fields ? fields.key : '';
    if (key === this.fieldKey) return;
    this.fieldKey = key;
    const mode = fields ? MODES[fields.kind] : 0;
    if (mode !== this.mode) {
      this.mode = mode;
      for (const level of this.levels) level.stale.mark(0, 0, level.width, level.height);
      this.shown = '';
    }
    if (!fields) return;
    if (this.cpu) {
      this.colourField(fields, planner);
      return;
    }
    const gl = this.gl;
    const map = /** @type {NonNullable<GlCells['map']>} */ (this.map);
    const { width, height } = map;
    const boxes = this.changes.take(fields.kind, width, height, [fields.bytes]) ?? [0, 0, width, height];
    gl.bindTexture(gl.TEXTURE_2D, map.extra);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.UNPACK_ROW_LENGTH, width);
    for (let i = 0; i < boxes.length; i += 4) {
      const [x, y, w, h] = boxes.slice(i, i + 4);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, w, h, gl.RED_INTEGER, gl.UNSIGNED_BYTE, fields.bytes, y * width + x);
    }
    gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
    this.markLevels(boxes);
    // The pixels over those tiles are drawn again, with those of the cells' own uploads.
    this.damage = [...this.damage, ...boxes];
  }

  /**
   * The field or range view's colours made on the CPU (fields-paint.js, as the 2D canvas
   * makes them) over the tiles whose bytes or terrain changed, all of them the first time.
   * @param {import('./fields-paint.js').FieldScene} fields
   * @param {import('./pkg/pathlab.js').Planner} planner
   */
  colourField(fields, planner) {
    const { width, height } = /** @type {NonNullable<GlCells['map']>} */ (this.map);
    if (this.fieldWords.length !== width * height) {
      this.fieldWords = new Uint32Array(width * height);
      this.changes.forget();
    }
    const cells = new Uint8Array(this.memory().buffer, planner.cellsPtr(), width * height);
    const boxes = this.changes.take(fields.kind, width, height, [fields.bytes, cells]) ?? [0, 0, width, height];
    for (let i = 0; i < boxes.length; i += 4) fieldFrame(fields, cells, this.fieldWords, width, boxes.slice(i, i + 4));
    this.markLevels(boxes);
    this.damage = [...this.damage, ...boxes];
  }

  /**
   * Draws the map's rectangle from the level its zoom needs: all of it when the view
   * changed, otherwise only the pixels over the parts uploaded since (nothing when none).
   */
  draw(view, cw, ch) {
    const gl = this.gl;
    const map = /** @type {NonNullable<GlCells['map']>} */ (this.map);
    const r = view.mapRect();
    const cellPx = [r.w / map.width, r.h / map.height];
    // Cells per device pixel; level L's texels are 2^L cells, so at log2 of that (L and a
    // fraction) the pixel is blended from levels L and L + 1.
    const perPixel = 1 / view.cellDevicePx();
    const nearest = perPixel <= 1;
    const lod = nearest ? 0 : Math.log2(perPixel);
    const level = Math.floor(lod);
    if (this.cpu) this.refreshCpu(nearest ? 0 : level + 1, [level, nearest ? 0 : level + 1]);
    else this.refresh(nearest ? 0 : level + 1);
    const damage = this.damage;
    this.damage = [];
    const hex = view.layout.hex;
    const shown = [cw, ch, r.x, r.y, r.w, r.h, lod, view.shape, hex ? [view.ox, view.oy, view.scale] : ''].join();
    const whole = shown !== this.shown;
    if (!whole && !damage.length) return;
    this.shown = shown;

    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, cw, ch);
    if (whole) {
      gl.disable(gl.SCISSOR_TEST);
      gl.clearColor(BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], BACKGROUND[3]);
      gl.clear(gl.COLOR_BUFFER_BIT);
    }
    if (r.w <= 0 || r.h <= 0) return;
    const { at } = this.show;
    gl.useProgram(this.show.program);
    this.bind(this.levels[level].texture, this.levels[nearest ? 0 : level + 1].texture);
    gl.uniform4f(at('u_rect'), (2 * r.x) / cw - 1, 1 - (2 * r.y) / ch, (2 * (r.x + r.w)) / cw - 1, 1 - (2 * (r.y + r.h)) / ch);
    gl.uniform2f(at('u_origin'), r.x, r.y);
    gl.uniform2f(at('u_cellPx'), cellPx[0], cellPx[1]);
    gl.uniform1f(at('u_height'), ch);
    gl.uniform1i(at('u_nearest'), nearest ? 1 : 0);
    gl.uniform1f(at('u_unit'), 2 ** level);
    gl.uniform1f(at('u_blend'), lod - level);
    gl.uniform1i(at('u_shape'), SHAPES[view.shape] ?? 0);
    gl.uniform2f(at('u_hexOrigin'), view.ox * view.dpr, view.oy * view.dpr);
    gl.uniform1f(at('u_pitch'), view.scale * view.dpr);
    gl.uniform4f(at('u_background'), BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], BACKGROUND[3]);
    if (whole) {
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
      return;
    }
    // A changed texel of level L + 1 shows in the pixels that sample within a texel of it.
    gl.enable(gl.SCISSOR_TEST);
    const unit = 2 ** (nearest ? 0 : level + 1);
    // A hexagon reaches past its row and column: a cell's margin covers its overhang.
    const margin = nearest ? (hex ? 1 : 0) : unit;
    for (let i = 0; i < damage.length; i += 4) {
      const [x, y, w, h] = damage.slice(i, i + 4);
      const x0 = Math.floor(r.x + (Math.floor(x / unit) * unit - margin) * cellPx[0]) - 1;
      const y0 = Math.floor(r.y + (Math.floor(y / unit) * unit - margin) * cellPx[1]) - 1;
      const x1 = Math.ceil(r.x + (Math.ceil((x + w) / unit) * unit + margin) * cellPx[0]) + 1;
      const y1 = Math.ceil(r.y + (Math.ceil((y + h) / unit) * unit + margin) * cellPx[1]) + 1;
      gl.scissor(x0, ch - y1, x1 - x0, y1 - y0);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    }
  }

  /** Binds the cell, state and palette textures, and levels on the level units. */
  bind(level, next = level) {
    const gl = this.gl;
    const map = /** @type {NonNullable<GlCells['map']>} */ (this.map);
    for (const [unit, tex] of [[UNIT.cells, map.cells], [UNIT.states, map.states], [UNIT.palette, this.palette],
      [UNIT.level, level], [UNIT.next, next], [UNIT.extra, map.extra], [UNIT.fields, this.fieldPalette]]) {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, tex);
    }
  }

  /** Makes levels 0..top exist and brings their out-of-date rows up to date. */
  refresh(top) {
    const gl = this.gl;
    // Most frames of a zoomed-in view: level 0 up to date after a frame with no change.
    if (this.levels.length > top && this.levels.slice(0, top + 1).every((level) => !level.stale.any)) return;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.enable(gl.SCISSOR_TEST);
    for (let l = 0; l <= top; l++) {
      const level = this.levelAt(l);
      const runs = level.stale.take();
      if (!runs.length) continue;
      const { program: p, at } = l === 0 ? this.colour : this.reduce;
      gl.useProgram(p);
      if (l === 0) gl.uniform1i(at('u_mode'), this.mode);
      // The level drawn is never bound for reading (that would be a feedback loop).
      this.bind(l === 0 ? this.palette : this.levels[l - 1].texture);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, level.texture, 0);
      gl.viewport(0, 0, level.width, level.height);
      gl.uniform4f(at('u_rect'), -1, -1, 1, 1);
      for (let i = 0; i < runs.length; i += 4) {
        gl.scissor(runs[i], runs[i + 1], runs[i + 2], runs[i + 3]);
        gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
      }
    }
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, null, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  /** Level `l`'s words on the CPU: the planner's frame or the field's colours at level 0. */
  words(l) {
    if (l > 0) return /** @type {Uint32Array} */ (this.levels[l].data);
    if (this.mode !== 0) return this.fieldWords;
    const { width, height } = /** @type {NonNullable<GlCells['map']>} */ (this.map);
    return new Uint32Array(this.memory().buffer, this.framePtr, width * height);
  }

  /**
   * Makes levels 0..top exist, halves their out-of-date tiles on the CPU, and uploads the
   * changed texels of the levels `drawn` (those the view samples; the others wait in `unsent`).
   * @param {number} top
   * @param {number[]} drawn
   */
  refreshCpu(top, drawn) {
    const gl = this.gl;
    for (let l = 0; l <= top; l++) {
      const level = this.levelAt(l);
      const runs = level.stale.take();
      if (!runs.length) continue;
      if (l > 0) {
        const below = this.levels[l - 1];
        const src = this.words(l - 1);
        const dst = /** @type {Uint32Array} */ (level.data);
        for (let i = 0; i < runs.length; i += 4) {
          halve(src, below.width, below.height, dst, runs[i], runs[i + 1], runs[i] + runs[i + 2], runs[i + 1] + runs[i + 3]);
        }
      }
      /** @type {Stale} */ (level.unsent).markBoxes(runs);
    }
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.activeTexture(gl.TEXTURE0 + UNIT.level);
    for (const l of new Set(drawn)) {
      const level = this.levels[l];
      const runs = /** @type {Stale} */ (level.unsent).take();
      if (!runs.length) continue;
      const words = this.words(l);
      const bytes = new Uint8Array(words.buffer, words.byteOffset, words.length * 4);
      gl.bindTexture(gl.TEXTURE_2D, level.texture);
      gl.pixelStorei(gl.UNPACK_ROW_LENGTH, level.width);
      for (let i = 0; i < runs.length; i += 4) {
        const [x, y, w, h] = [runs[i], runs[i + 1], runs[i + 2], runs[i + 3]];
        gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, w, h, gl.RGBA, gl.UNSIGNED_BYTE, bytes, (y * level.width + x) * 4);
      }
    }
    gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
  }

  /** Removes the layer's canvas and frees its context. */
  destroy() {
    this.glCanvas.removeEventListener('webglcontextlost', this.lost);
    this.glCanvas.remove();
    if (!this.gl.isContextLost()) {
      this.dropMap();
      this.gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  }
}
