//! Checking and cleaning an uploaded picture before any image host sees it: size and format by content, a pixel
//! cap read from the header before decoding, a memory budget for the whole decode, a downscale to the largest size
//! the site shows, EXIF orientation applied, and a fresh encoding that carries no metadata (a phone photo's EXIF
//! holds where it was taken).
//!
//! Pure and CPU-bound: callers on an async runtime run it inside `spawn_blocking`, and at most a few at once (see
//! `uploads`): each may hold up to [`MAX_DECODE_ALLOC`] while it runs.

use std::io::Cursor;

use image::{DynamicImage, ImageBuffer, ImageDecoder, ImageFormat, ImageReader, Limits, Pixel, metadata::Orientation};

/// The largest upload accepted, in bytes.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;
/// The most pixels (width x height) an upload may declare; 40 MP covers every phone camera in common use.
pub const MAX_PIXELS: u64 = 40_000_000;
/// The longest side an upload may declare, so a 1 x 40,000,000 strip cannot slip under [`MAX_PIXELS`].
pub const MAX_SIDE: u32 = 12_000;
/// The longest side of a stored picture. Pages show pictures at most about 1600 px wide; anything larger is scaled
/// down right after decoding, before the orientation is applied, so turning a photo never copies it at full size.
pub const MAX_STORED_SIDE: u32 = 2_000;
/// What one decode may hold at its peak: the decoded picture, the decoder's own full-size working memory (see
/// [`decoder_workspace`]) and the downscaled copy made before the full-size picture is dropped. 40 MP as 8-bit RGBA
/// is 160 MB, plus 16 MB for its 2000 px copy, which fits; a 16-bit-per-channel picture of that size needs twice as
/// much and is refused as too large. Uploads decode at most two at a time, so decoding stays under 350 MiB.
pub const MAX_DECODE_ALLOC: u64 = 170 * 1024 * 1024;
/// Quality of the JPEGs written: photos of book covers stay sharp at about a third of quality 100's size.
const JPEG_QUALITY: u8 = 85;

/// An upload that passed the checks, re-encoded from its pixels alone.
#[derive(Debug, Clone)]
pub struct CleanImage {
    pub bytes: Vec<u8>,
    /// "jpg", "png" or "webp"; what [`clean_upload`] writes today is only ever "jpg" or "png".
    pub extension: &'static str,
    /// After the downscale and the EXIF orientation, so as the picture is meant to be seen.
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadRejected {
    /// Larger than [`MAX_UPLOAD_BYTES`]; nothing else was looked at.
    #[error("the picture is {got} bytes; at most {max} are accepted")]
    TooLarge { max: usize, got: usize },
    /// Not a JPEG, PNG or WebP by its first bytes, whatever its name or content type said.
    #[error("only JPEG, PNG and WebP pictures are accepted")]
    NotAnImage,
    /// Its header declares more pixels than [`MAX_PIXELS`] or a side longer than [`MAX_SIDE`], or decoding it would
    /// need more than [`MAX_DECODE_ALLOC`]; refused before any pixel was decoded.
    #[error("the picture is {width}x{height} pixels, which is more than accepted")]
    TooManyPixels { width: u32, height: u32 },
    /// Starts like a JPEG, PNG or WebP but does not decode (truncated, damaged, an unsupported variant).
    #[error("the picture could not be read: {0}")]
    Corrupt(String),
}

/// Checks an upload and re-encodes it: JPEG stays JPEG, PNG stays PNG, and WebP becomes PNG when it has
/// transparency, JPEG otherwise (the `image` crate writes only lossless WebP, several times larger than a
/// JPEG of the same photo). Only the first frame of an animated PNG or WebP is kept. A picture whose longest side
/// is over [`MAX_STORED_SIDE`] comes back scaled down to it.
///
/// Nothing but the pixels survives: EXIF (GPS position, camera serial), XMP, IPTC, ICC profiles and PNG text
/// chunks are all dropped. Dropping the ICC profile means a wide-gamut (Display P3) photo is shown as sRGB,
/// slightly less saturated; a profile can carry free text, and book photos do not need it.
pub fn clean_upload(bytes: &[u8]) -> Result<CleanImage, UploadRejected> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(UploadRejected::TooLarge { max: MAX_UPLOAD_BYTES, got: bytes.len() });
    }
    let format = sniff_format(bytes).ok_or(UploadRejected::NotAnImage)?;

    // Only the allocation cap while the header is read: a side limit here would fail with the decoder's
    // generic error before we learn the dimensions to report.
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(alloc_limits());
    let mut decoder = reader.into_decoder().map_err(corrupt)?;

    let (width, height) = decoder.dimensions();
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(UploadRejected::TooManyPixels { width, height });
    }
    let too_many_pixels = |_| UploadRejected::TooManyPixels { width, height };
    let mut limits = alloc_limits();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // `into_decoder` counts none of these against the cap: the output buffer (only `ImageReader::decode` counts
    // it), the decoders' full-size working memory, and the downscaled copy.
    let (stored_width, stored_height) = stored_size(width, height);
    let downscaled = if (stored_width, stored_height) == (width, height) {
        0
    } else {
        u64::from(stored_width) * u64::from(stored_height) * u64::from(decoder.color_type().bytes_per_pixel())
    };
    let peak = decoder.total_bytes().saturating_add(decoder_workspace(format, bytes, width, height)).saturating_add(downscaled);
    limits.reserve(peak).map_err(too_many_pixels)?;
    decoder.set_limits(limits).map_err(too_many_pixels)?;

    // A damaged EXIF block must not cost the seller the picture: it is then shown as stored.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let decoded = DynamicImage::from_decoder(decoder).map_err(|error| match error {
        image::ImageError::Limits(_) => UploadRejected::TooManyPixels { width, height },
        other => corrupt(other),
    })?;
    // Scaled first and turned second: a quarter turn copies the picture, and this way it copies the small one.
    let mut picture = fit_within(decoded, stored_width, stored_height);
    picture.apply_orientation(orientation);

    let (bytes, extension) = match format {
        ImageFormat::Png => (encode_png(&picture)?, "png"),
        ImageFormat::WebP if picture.color().has_alpha() => (encode_png(&picture)?, "png"),
        _ => (encode_jpeg(&picture)?, "jpg"),
    };
    Ok(CleanImage { bytes, extension, width: picture.width(), height: picture.height() })
}

/// The format by its magic bytes. Nothing a client says about the file is trusted.
fn sniff_format(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP".as_slice()) {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

fn alloc_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    limits
}

fn corrupt(error: image::ImageError) -> UploadRejected {
    UploadRejected::Corrupt(error.to_string())
}

/// The size a `width` x `height` picture is stored at: as it is, or with its longest side [`MAX_STORED_SIDE`] and
/// the same aspect.
fn stored_size(width: u32, height: u32) -> (u32, u32) {
    let longest = width.max(height);
    if longest <= MAX_STORED_SIDE {
        return (width, height);
    }
    let scale = |side: u32| {
        let scaled = (u64::from(side) * u64::from(MAX_STORED_SIDE) + u64::from(longest) / 2) / u64::from(longest);
        u32::try_from(scaled).unwrap_or(MAX_STORED_SIDE).max(1)
    };
    (scale(width), scale(height))
}

/// Bytes a decoder allocates beyond the picture it returns, for the decoders that keep a full-size copy of their
/// own. Estimated from the headers; a header this cannot read is counted as the costliest kind.
fn decoder_workspace(format: ImageFormat, bytes: &[u8], width: u32, height: u32) -> u64 {
    let pixels = u64::from(width) * u64::from(height);
    match format {
        // A progressive JPEG, or one whose colour components come in separate scans, is decoded from the 16-bit
        // coefficients of the whole picture: up to 6 bytes a pixel.
        ImageFormat::Jpeg => match jpeg_layout(bytes) {
            Some(layout) if !layout.keeps_coefficients => 0,
            Some(layout) => layout.coefficient_bytes,
            None => pixels * 6,
        },
        // Beside the output, a still WebP needs its YUV planes or an RGBA frame (at most 4 bytes a pixel); an
        // animation's first frame needs those, an RGBA frame and the RGBA canvas it is drawn on.
        ImageFormat::WebP if webp_is_animated(bytes) => pixels * 11,
        ImageFormat::WebP => pixels * 4,
        _ => 0,
    }
}

/// What a JPEG's frame and first scan headers say about decoding it.
#[derive(Debug, PartialEq, Eq)]
struct JpegLayout {
    /// Whether the decoder keeps every coefficient until the last scan: progressive, or not all components in the
    /// first scan.
    keeps_coefficients: bool,
    /// 16-bit coefficients for every 8 x 8 block of every component, padded to whole MCUs.
    coefficient_bytes: u64,
}

/// Walks the segments from SOI to the first SOS; `None` when the headers are not well-formed.
fn jpeg_layout(bytes: &[u8]) -> Option<JpegLayout> {
    let mut frame: Option<(bool, u64, usize)> = None;
    let mut at = 2;
    loop {
        // A marker may be preceded by any number of fill bytes (0xFF).
        while bytes.get(at..at + 2) == Some([0xFF, 0xFF].as_slice()) {
            at += 1;
        }
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        let length = usize::from(u16::from_be_bytes([*bytes.get(at + 2)?, *bytes.get(at + 3)?]));
        let segment = bytes.get(at + 4..(at + 2).checked_add(length)?)?;
        match marker {
            // SOF0..SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
                let progressive = matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE);
                let (coefficient_bytes, components) = jpeg_frame_coefficients(segment)?;
                frame = Some((progressive, coefficient_bytes, components));
            }
            0xDA => {
                let (progressive, coefficient_bytes, components) = frame?;
                let in_first_scan = usize::from(*segment.first()?);
                return Some(JpegLayout { keeps_coefficients: progressive || in_first_scan < components, coefficient_bytes });
            }
            _ => {}
        }
        at += 2 + length;
    }
}

/// From a frame header (precision, height, width, then id, sampling factors and table per component): the bytes of
/// all coefficients, and the number of components.
fn jpeg_frame_coefficients(frame: &[u8]) -> Option<(u64, usize)> {
    let height = u64::from(u16::from_be_bytes([*frame.get(1)?, *frame.get(2)?]));
    let width = u64::from(u16::from_be_bytes([*frame.get(3)?, *frame.get(4)?]));
    let count = usize::from(*frame.get(5)?);
    let sampling: Vec<(u64, u64)> =
        frame.get(6..6 + 3 * count)?.chunks_exact(3).map(|c| (u64::from(c[1] >> 4).max(1), u64::from(c[1] & 0x0F).max(1))).collect();
    let h_max = sampling.iter().map(|s| s.0).max()?;
    let v_max = sampling.iter().map(|s| s.1).max()?;
    let mcus = width.div_ceil(8 * h_max) * height.div_ceil(8 * v_max);
    let blocks: u64 = sampling.iter().map(|(h, v)| mcus * h * v).sum();
    Some((blocks * 64 * 2, count))
}

/// Whether a WebP's extended header (VP8X) has the animation flag.
fn webp_is_animated(bytes: &[u8]) -> bool {
    bytes.get(12..16) == Some(b"VP8X".as_slice()) && bytes.get(20).is_some_and(|flags| flags & 0x02 != 0)
}

/// The picture at `width` x `height` (its own size, or smaller with the same aspect). Takes the full-size picture
/// by value so it is freed as soon as the small one exists.
fn fit_within(picture: DynamicImage, width: u32, height: u32) -> DynamicImage {
    if (picture.width(), picture.height()) == (width, height) {
        return picture;
    }
    use DynamicImage as D;
    match &picture {
        D::ImageLuma8(p) => D::ImageLuma8(area_average(p, width, height)),
        D::ImageLumaA8(p) => D::ImageLumaA8(area_average(p, width, height)),
        D::ImageRgb8(p) => D::ImageRgb8(area_average(p, width, height)),
        D::ImageRgba8(p) => D::ImageRgba8(area_average(p, width, height)),
        D::ImageLuma16(p) => D::ImageLuma16(area_average(p, width, height)),
        D::ImageLumaA16(p) => D::ImageLumaA16(area_average(p, width, height)),
        D::ImageRgb16(p) => D::ImageRgb16(area_average(p, width, height)),
        D::ImageRgba16(p) => D::ImageRgba16(area_average(p, width, height)),
        D::ImageRgb32F(p) => D::ImageRgb32F(area_average(p, width, height)),
        D::ImageRgba32F(p) => D::ImageRgba32F(area_average(p, width, height)),
        // Pixel layouts newer than this code: the library's own box filter, as lean on memory.
        other => other.thumbnail_exact(width, height),
    }
}

/// A channel value the downscale can sum.
trait Sample: image::Primitive {
    /// Full intensity (opaque, for an alpha channel).
    const FULL: f32;
    fn to_f32(self) -> f32;
    fn from_f32(value: f32) -> Self;
}

impl Sample for u8 {
    const FULL: f32 = 255.0;
    fn to_f32(self) -> f32 {
        f32::from(self)
    }
    fn from_f32(value: f32) -> Self {
        // `as` saturates: no value outside 0..=255 can come out.
        value.round() as u8
    }
}

impl Sample for u16 {
    const FULL: f32 = 65_535.0;
    fn to_f32(self) -> f32 {
        f32::from(self)
    }
    fn from_f32(value: f32) -> Self {
        value.round() as u16
    }
}

impl Sample for f32 {
    const FULL: f32 = 1.0;
    fn to_f32(self) -> f32 {
        self
    }
    fn from_f32(value: f32) -> Self {
        value
    }
}

/// Scales a picture down by area averaging: each new pixel is the mean of the source pixels it covers, each
/// weighted by how much of it is covered, so nothing aliases at any ratio. Colour is weighted by alpha, so fully
/// transparent pixels lend no colour to their neighbours' edges.
///
/// Memory is the result plus one row of sums: `image`'s filtered resize keeps a 16-byte-a-pixel copy at the full
/// width and the new height (200 MB for a 40 MP photo), and its box `thumbnail` degrades to picking pixels when the
/// ratio is small.
fn area_average<P>(source: &ImageBuffer<P, Vec<P::Subpixel>>, width: u32, height: u32) -> ImageBuffer<P, Vec<P::Subpixel>>
where
    P: Pixel,
    P::Subpixel: Sample,
{
    let channels = usize::from(P::CHANNEL_COUNT);
    let alpha = P::HAS_ALPHA.then(|| channels - 1);
    let source_row = source.width() as usize * channels;
    let columns = coverage(source.width(), width);
    let rows = coverage(source.height(), height);
    let mut sums = vec![0.0f32; source_row];
    let mut out = ImageBuffer::<P, Vec<P::Subpixel>>::new(width, height);
    let out_row = width as usize * channels;

    for ((first_row, row_weights), out_pixels) in rows.iter().zip(out.chunks_exact_mut(out_row)) {
        sums.fill(0.0);
        for (k, &weight) in row_weights.iter().enumerate() {
            let start = (first_row + k) * source_row;
            let Some(row) = source.get(start..start + source_row) else { continue };
            for (pixel, sum) in row.chunks_exact(channels).zip(sums.chunks_exact_mut(channels)) {
                // Premultiplied by alpha while summing; divided out again below.
                let coverage = alpha.map_or(weight, |a| weight * pixel[a].to_f32() / P::Subpixel::FULL);
                for (c, (value, sum)) in pixel.iter().zip(sum.iter_mut()).enumerate() {
                    *sum += if Some(c) == alpha { weight } else { coverage } * value.to_f32();
                }
            }
        }
        for ((first_column, column_weights), out_pixel) in columns.iter().zip(out_pixels.chunks_exact_mut(channels)) {
            let mut pixel = [0.0f32; 4];
            for (k, &weight) in column_weights.iter().enumerate() {
                let at = (first_column + k) * channels;
                for (value, sum) in pixel.iter_mut().zip(&sums[at..at + channels]) {
                    *value += weight * sum;
                }
            }
            if let Some(a) = alpha {
                let opacity = pixel[a] / P::Subpixel::FULL;
                if opacity > 0.0 {
                    pixel[..a].iter_mut().for_each(|value| *value /= opacity);
                }
            }
            for (out, value) in out_pixel.iter_mut().zip(pixel) {
                *out = P::Subpixel::from_f32(value);
            }
        }
    }
    out
}

/// For each of `to` new positions along an axis of `from` (`to` <= `from`): the first source position it covers
/// and the share of the new pixel each covered source pixel has (the shares add up to 1).
fn coverage(from: u32, to: u32) -> Vec<(usize, Vec<f32>)> {
    let ratio = f64::from(from) / f64::from(to);
    (0..to)
        .map(|i| {
            let (start, end) = (f64::from(i) * ratio, (f64::from(i) + 1.0) * ratio);
            let first = start.floor() as usize;
            let last = (end.ceil() as usize).min(from as usize);
            let shares = (first..last)
                .map(|j| {
                    let covered = end.min(j as f64 + 1.0) - start.max(j as f64);
                    (covered / ratio) as f32
                })
                .collect();
            (first, shares)
        })
        .collect()
}

fn encode_jpeg(picture: &DynamicImage) -> Result<Vec<u8>, UploadRejected> {
    let mut out = Vec::new();
    // Converts to 8-bit RGB or grey as needed; a WebP sent here has no alpha to lose.
    picture.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)).map_err(corrupt)?;
    Ok(out)
}

fn encode_png(picture: &DynamicImage) -> Result<Vec<u8>, UploadRejected> {
    let mut out = Vec::new();
    picture.write_with_encoder(image::codecs::png::PngEncoder::new(&mut out)).map_err(corrupt)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use image::{GrayImage, Luma, LumaA, Rgb, RgbImage, Rgba, RgbaImage};
    use puronoboi_fakes::pictures::*;

    use super::*;

    #[test]
    fn png_bytes_with_no_name_at_all_are_accepted_as_png() {
        let clean = clean_upload(&png_of(&wide_rgb())).expect("accepted");
        assert_eq!(clean.extension, "png");
        assert_eq!((clean.width, clean.height), (40, 20));
        assert_eq!(sniff_format(&clean.bytes), Some(ImageFormat::Png));
        let decoded = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Png).expect("output decodes");
        assert_eq!(decoded.to_rgb8(), wide_rgb(), "PNG stays lossless");
    }

    #[test]
    fn a_png_comes_back_as_png_whatever_name_the_client_gave_it() {
        // A browser may send "cover.jpg" with `image/jpeg` for these bytes: the function never sees either, and
        // the stored file's extension follows the content.
        let clean = clean_upload(&png_of(&wide_rgb())).expect("accepted");
        assert_eq!(clean.extension, "png");
        assert!(clean.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    }

    #[test]
    fn text_pdf_and_svg_are_not_images() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
        let pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
        for bytes in
            [b"hello, this is not a picture".as_slice(), pdf.as_slice(), svg.as_slice(), b"".as_slice(), b"RIFF\0\0\0\0WAVE".as_slice()]
        {
            assert!(matches!(clean_upload(bytes), Err(UploadRejected::NotAnImage)), "{:?}", String::from_utf8_lossy(bytes));
        }
    }

    #[test]
    fn six_mebibytes_are_too_large_before_anything_is_decoded() {
        // A valid PNG start: if size were not checked first, this would be Corrupt instead.
        let mut bytes = png_declaring(10, 10);
        bytes.resize(6 * 1024 * 1024, 0);
        match clean_upload(&bytes) {
            Err(UploadRejected::TooLarge { max, got }) => {
                assert_eq!(max, MAX_UPLOAD_BYTES);
                assert_eq!(got, 6 * 1024 * 1024);
            }
            other => panic!("expected TooLarge, got {other:?}"),
        }
        assert!(
            clean_upload(&vec![0; MAX_UPLOAD_BYTES]).is_err_and(|e| matches!(e, UploadRejected::NotAnImage)),
            "exactly the cap is allowed"
        );
    }

    #[test]
    fn a_png_declaring_50000_by_50000_is_refused_from_its_header() {
        // 2.5 G pixels: decoding would need 7.5 GB. The answer comes from the 57-byte file's header alone.
        match clean_upload(&png_declaring(50_000, 50_000)) {
            Err(UploadRejected::TooManyPixels { width, height }) => assert_eq!((width, height), (50_000, 50_000)),
            other => panic!("expected TooManyPixels, got {other:?}"),
        }
    }

    #[test]
    fn a_long_strip_under_the_pixel_cap_is_refused_by_the_side_cap() {
        let (width, height) = (MAX_SIDE + 1, 10);
        assert!(u64::from(width) * u64::from(height) < MAX_PIXELS);
        assert!(matches!(clean_upload(&png_declaring(width, height)), Err(UploadRejected::TooManyPixels { .. })));
    }

    #[test]
    fn a_header_within_the_caps_but_without_pixel_data_is_corrupt() {
        assert!(matches!(clean_upload(&png_declaring(100, 100)), Err(UploadRejected::Corrupt(_))));
    }

    #[test]
    fn a_truncated_jpeg_is_corrupt() {
        let jpeg = jpeg_of(&wide_rgb());
        for cut in [3, 40, jpeg.len() / 2] {
            let result = clean_upload(&jpeg[..cut]);
            assert!(matches!(result, Err(UploadRejected::Corrupt(_))), "cut at {cut} of {}: {result:?}", jpeg.len());
        }
    }

    #[test]
    fn a_truncated_png_is_corrupt() {
        let png = png_of(&wide_rgb());
        let result = clean_upload(&png[..png.len() / 2]);
        assert!(matches!(result, Err(UploadRejected::Corrupt(_))), "{result:?}");
    }

    #[test]
    fn a_phone_photo_loses_its_exif_and_gps_and_is_turned_upright() {
        let plain = jpeg_of(&wide_rgb());
        let app1 = exif_app1_with_gps_and_orientation_6();
        let mut photo = plain[..2].to_vec();
        photo.extend_from_slice(&app1);
        photo.extend_from_slice(&plain[2..]);
        // The input really carries what must go.
        assert!(jpeg_segment_markers(&photo).contains(&0xE1));
        assert!(contains(&photo, b"Exif\0\0"));
        assert!(contains(&photo, &rationals(&LATITUDE)));
        assert!(contains(&photo, &rationals(&LONGITUDE)));

        let clean = clean_upload(&photo).expect("accepted");

        assert_eq!(clean.extension, "jpg");
        assert!(!contains(&clean.bytes, b"Exif"), "no Exif marker left");
        let markers = jpeg_segment_markers(&clean.bytes);
        assert!(!markers.contains(&0xE1), "no APP1 segment left: {markers:02X?}");
        assert!(markers.iter().all(|&m| !(0xE1..=0xEF).contains(&m) && m != 0xFE), "no APPn but JFIF, no comment: {markers:02X?}");
        assert!(!contains(&clean.bytes, &rationals(&LATITUDE)), "latitude gone");
        assert!(!contains(&clean.bytes, &rationals(&LONGITUDE)), "longitude gone");
        for (numerator, _) in LATITUDE.iter().chain(&LONGITUDE).filter(|(n, _)| *n > 1000) {
            assert!(!contains(&clean.bytes, &numerator.to_be_bytes()), "no trace of {numerator}");
        }

        // Orientation 6 means the camera stored the picture on its side: 40 x 20 stored shows as 20 x 40.
        assert_eq!((clean.width, clean.height), (20, 40));
        let decoded = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Jpeg).expect("output decodes");
        assert_eq!((decoded.width(), decoded.height()), (20, 40));
        // Turned clockwise: the stored top-left corner (no green) is now top-right, and the stored bottom-left
        // (green 228) is now top-left.
        let upright = decoded.to_rgb8();
        let (top_left, top_right) = (upright.get_pixel(0, 0).0, upright.get_pixel(19, 0).0);
        assert!(top_right[1] < 40 && top_left[1] > 190, "top-left {top_left:?}, top-right {top_right:?}");
    }

    #[test]
    fn a_png_loses_its_text_chunks() {
        let plain = png_of(&wide_rgb());
        let ihdr_end = 8 + 4 + 4 + 13 + 4;
        let mut tagged = plain[..ihdr_end].to_vec();
        tagged.extend(png_chunk(b"tEXt", b"Comment\0taken at 23.7701 N 90.4102 E by seller@example.com"));
        tagged.extend_from_slice(&plain[ihdr_end..]);
        assert!(contains(&tagged, b"tEXt"));

        let clean = clean_upload(&tagged).expect("accepted");

        assert_eq!(clean.extension, "png");
        assert!(!contains(&clean.bytes, b"tEXt"));
        assert!(!contains(&clean.bytes, b"seller@example.com"));
        assert!(!contains(&clean.bytes, b"23.7701"));
    }

    #[test]
    fn an_opaque_webp_becomes_a_jpeg() {
        let picture = wide_rgb();
        let webp = lossless_webp(picture.as_raw(), 40, 20, image::ExtendedColorType::Rgb8);
        assert_eq!(sniff_format(&webp), Some(ImageFormat::WebP));
        let clean = clean_upload(&webp).expect("accepted");
        assert_eq!(clean.extension, "jpg");
        assert_eq!((clean.width, clean.height), (40, 20));
        assert_eq!(sniff_format(&clean.bytes), Some(ImageFormat::Jpeg));
    }

    #[test]
    fn a_transparent_webp_becomes_a_png_and_keeps_its_transparency() {
        let picture = RgbaImage::from_fn(16, 8, |x, _| Rgba([200, 10, 10, if x < 8 { 0 } else { 255 }]));
        let webp = lossless_webp(picture.as_raw(), 16, 8, image::ExtendedColorType::Rgba8);
        let clean = clean_upload(&webp).expect("accepted");
        assert_eq!(clean.extension, "png");
        let decoded = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Png).expect("output decodes");
        assert_eq!(decoded.to_rgba8(), picture);
    }

    #[test]
    fn an_ordinary_jpeg_stays_a_jpeg_of_the_same_size() {
        let clean = clean_upload(&jpeg_of(&wide_rgb())).expect("accepted");
        assert_eq!(clean.extension, "jpg");
        assert_eq!((clean.width, clean.height), (40, 20));
        assert_eq!(jpeg_segment_markers(&clean.bytes).first(), Some(&0xE0), "JFIF header only");
    }

    /// `jpeg` with an APP1 segment right after SOI.
    fn with_app1(jpeg: &[u8], app1: &[u8]) -> Vec<u8> {
        let mut out = jpeg[..2].to_vec();
        out.extend_from_slice(app1);
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    /// Where the frame header (SOF0 from our encoder) starts: its marker's second byte is at `.0`, the height at
    /// `.0 + 4`.
    fn sof_marker_at(jpeg: &[u8]) -> usize {
        (2..jpeg.len() - 1).find(|&i| jpeg[i - 1] == 0xFF && jpeg[i] == 0xC0).expect("a baseline frame header")
    }

    /// Left half red, right half blue, with a green band across the top fifth: where each part lands shows the
    /// picture was scaled whole, not cropped, and which way it was turned.
    fn marked(width: u32, height: u32) -> RgbImage {
        RgbImage::from_fn(width, height, |x, y| {
            if y < height / 5 {
                Rgb([0, 220, 0])
            } else if x < width / 2 {
                Rgb([220, 0, 0])
            } else {
                Rgb([0, 0, 220])
            }
        })
    }

    fn close(pixel: [u8; 3], expected: [u8; 3]) -> bool {
        pixel.iter().zip(expected).all(|(got, want)| got.abs_diff(want) <= 24)
    }

    #[test]
    fn a_large_picture_is_stored_with_its_longest_side_at_the_cap_and_its_aspect_kept() {
        let clean = clean_upload(&png_of(&marked(5000, 3000))).expect("accepted");
        assert_eq!((clean.width, clean.height), (MAX_STORED_SIDE, 1200));
        let stored = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Png).expect("output decodes").to_rgb8();
        assert_eq!(stored.dimensions(), (2000, 1200));
        assert_eq!(stored.get_pixel(10, 10).0, [0, 220, 0], "the green band is still on top");
        assert_eq!(stored.get_pixel(10, 1190).0, [220, 0, 0], "red bottom-left");
        assert_eq!(stored.get_pixel(1990, 1190).0, [0, 0, 220], "blue bottom-right: the whole width is there");
        assert_eq!(stored.get_pixel(999, 600).0, [220, 0, 0]);
        assert_eq!(stored.get_pixel(1000, 600).0, [0, 0, 220], "the halves meet in the middle");
    }

    #[test]
    fn a_tall_picture_is_capped_by_its_height() {
        let clean = clean_upload(&jpeg_of(&marked(1000, 4000))).expect("accepted");
        assert_eq!((clean.width, clean.height), (500, MAX_STORED_SIDE));
    }

    #[test]
    fn a_picture_at_the_cap_is_not_resampled() {
        let picture = RgbImage::from_fn(MAX_STORED_SIDE, 3, |x, y| Rgb([(x % 256) as u8, (y * 80) as u8, 7]));
        let clean = clean_upload(&png_of(&picture)).expect("accepted");
        let stored = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Png).expect("output decodes");
        assert_eq!(stored.to_rgb8(), picture, "pixel for pixel");
    }

    #[test]
    fn a_large_phone_photo_on_its_side_comes_out_upright_and_downscaled() {
        // Stored 5000 x 3000 with orientation 6: seen as 3000 x 5000, stored at 1200 x 2000.
        let photo = with_app1(&jpeg_of(&marked(5000, 3000)), &exif_app1_with_gps_and_orientation_6());
        let clean = clean_upload(&photo).expect("accepted");
        assert_eq!(clean.extension, "jpg");
        assert_eq!((clean.width, clean.height), (1200, MAX_STORED_SIDE));
        let upright = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Jpeg).expect("output decodes").to_rgb8();
        assert_eq!(upright.dimensions(), (1200, 2000));
        // Turned clockwise: the green top band is now the right-hand band, red (stored left) is now on top and
        // blue (stored right) at the bottom.
        assert!(close(upright.get_pixel(1190, 1000).0, [0, 220, 0]), "green on the right: {:?}", upright.get_pixel(1190, 1000));
        assert!(close(upright.get_pixel(10, 10).0, [220, 0, 0]), "red on top: {:?}", upright.get_pixel(10, 10));
        assert!(close(upright.get_pixel(10, 1990).0, [0, 0, 220]), "blue at the bottom: {:?}", upright.get_pixel(10, 1990));
        assert!(!contains(&clean.bytes, b"Exif"), "and the EXIF is gone");
    }

    #[test]
    fn area_averaging_takes_the_mean_of_what_each_new_pixel_covers() {
        // Halving: each new pixel is the mean of a 2 x 2 block.
        let source = GrayImage::from_raw(4, 2, vec![0, 100, 200, 200, 100, 200, 50, 150]).expect("8 values");
        assert_eq!(area_average(&source, 2, 1).into_raw(), vec![100, 150]);
        // Three into two: the middle pixel is shared half and half, and a hard edge softens instead of jumping.
        let source = GrayImage::from_raw(3, 1, vec![0, 90, 255]).expect("3 values");
        assert_eq!(area_average(&source, 2, 1).into_raw(), vec![30, 200]);
        // No ratio loses a thin line: a one-pixel white line in black survives 2001 -> 2000 as a line.
        let line = GrayImage::from_fn(2001, 1, |x, _| Luma([if x == 1000 { 255 } else { 0 }]));
        let scaled = area_average(&line, 2000, 1);
        assert!(scaled.pixels().map(|p| u32::from(p.0[0])).sum::<u32>() >= 250, "the line's light is kept");
    }

    #[test]
    fn transparent_pixels_lend_no_colour_when_averaged() {
        // Transparent black beside opaque red: the mean is red at half opacity, not a dark red.
        let source = RgbaImage::from_raw(2, 1, vec![0, 0, 0, 0, 200, 0, 0, 255]).expect("2 pixels");
        assert_eq!(area_average(&source, 1, 1).into_raw(), vec![200, 0, 0, 128]);
        let grey = image::ImageBuffer::<LumaA<u16>, Vec<u16>>::from_raw(2, 1, vec![0, 0, 60_000, 65_535]).expect("2 pixels");
        assert_eq!(area_average(&grey, 1, 1).into_raw(), vec![60_000, 32_768]);
        let clear = RgbaImage::from_pixel(4, 4, Rgba([9, 9, 9, 0]));
        assert!(area_average(&clear, 2, 2).pixels().all(|p| p.0[3] == 0), "fully transparent stays fully transparent");
    }

    #[test]
    fn each_new_pixel_s_shares_add_up_to_one() {
        for (from, to) in [(5000, 2000), (2001, 2000), (3, 2), (6300, 2000), (7, 7)] {
            let spans = coverage(from, to);
            assert_eq!(spans.len(), to as usize);
            for (first, shares) in spans {
                assert!(first + shares.len() <= from as usize);
                assert!((shares.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{from} -> {to}: {shares:?}");
            }
        }
        assert_eq!(stored_size(5000, 3000), (2000, 1200));
        assert_eq!(stored_size(3000, 5000), (1200, 2000));
        assert_eq!(stored_size(12_000, 1), (2000, 1), "never zero");
        assert_eq!(stored_size(2000, 2000), (2000, 2000));
    }

    #[test]
    fn a_sixteen_bit_giant_is_refused_for_the_memory_it_would_need() {
        // 35 MP is under the pixel cap; as 16-bit RGB it needs 210 MB, over the decode budget.
        let (width, height) = (7_000, 5_000);
        assert!(u64::from(width) * u64::from(height) <= MAX_PIXELS);
        let mut sixteen_bit = png_declaring(width, height);
        // IHDR data starts at 16: width, height, then bit depth.
        sixteen_bit[24] = 16;
        let ihdr_crc = crc32(&sixteen_bit[12..29]);
        sixteen_bit[29..33].copy_from_slice(&ihdr_crc.to_be_bytes());
        match clean_upload(&sixteen_bit) {
            Err(UploadRejected::TooManyPixels { width: w, height: h }) => assert_eq!((w, h), (width, height)),
            other => panic!("expected TooManyPixels, got {other:?}"),
        }
        // The same size at 8 bits fits: it is decoded (and found to hold no pixels).
        assert!(matches!(clean_upload(&png_declaring(width, height)), Err(UploadRejected::Corrupt(_))));
    }

    #[test]
    fn a_progressive_jpeg_counts_the_coefficients_its_decoder_keeps() {
        let baseline = jpeg_of(&wide_rgb());
        let layout = jpeg_layout(&baseline).expect("well-formed headers");
        assert!(!layout.keeps_coefficients, "a baseline JPEG is decoded MCU row by MCU row");
        assert_eq!(decoder_workspace(ImageFormat::Jpeg, &baseline, 40, 20), 0);
        assert!(layout.coefficient_bytes >= 40 * 20 * 2 * 3 / 2, "at least 4:2:0's 1.5 samples a pixel: {layout:?}");

        // The same headers marked progressive (SOF2) and declaring 6000 x 6000: 108 MB of RGB and at least as
        // much again in coefficients, over the budget, so it is refused before decoding.
        let mut progressive = baseline.clone();
        let sof = sof_marker_at(&progressive);
        progressive[sof] = 0xC2;
        progressive[sof + 4..sof + 8].copy_from_slice(&[0x17, 0x70, 0x17, 0x70]);
        assert!(jpeg_layout(&progressive).expect("well-formed headers").keeps_coefficients);
        match clean_upload(&progressive) {
            Err(UploadRejected::TooManyPixels { width, height }) => assert_eq!((width, height), (6000, 6000)),
            other => panic!("expected TooManyPixels, got {other:?}"),
        }

        assert_eq!(jpeg_layout(&baseline[..sof]), None, "cut before the frame header");
        assert_eq!(decoder_workspace(ImageFormat::Jpeg, &baseline[..sof], 100, 100), 100 * 100 * 6, "unknown counts as the worst");
    }
}
