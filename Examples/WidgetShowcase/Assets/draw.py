# Draws the showcase's two pictures (a portrait and a T-shirt) as small JPEGs.
# Needs python3-pil; embed.sh then turns them into Swift byte arrays. Run from this directory.
from PIL import Image, ImageDraw, ImageFilter

def avatar(side=136):
    s = side * 4
    sky = Image.new("RGB", (s, s))
    d = ImageDraw.Draw(sky)
    for y in range(s):
        t = y / s
        d.line([(0, y), (s, y)], fill=(int(70 + 60 * t), int(130 + 50 * t), int(170 + 40 * t)))
    d.ellipse([s * 0.12, s * 0.62, s * 0.88, s * 1.3], fill=(235, 235, 240))          # fur collar
    d.ellipse([s * 0.22, s * 0.72, s * 0.78, s * 1.25], fill=(60, 70, 90))            # coat
    d.rectangle([s * 0.42, s * 0.5, s * 0.58, s * 0.72], fill=(225, 185, 160))        # neck
    d.ellipse([s * 0.27, s * 0.12, s * 0.73, s * 0.52], fill=(90, 55, 40))            # hair
    d.ellipse([s * 0.33, s * 0.2, s * 0.67, s * 0.6], fill=(240, 200, 175))           # face
    d.rectangle([s * 0.3, s * 0.14, s * 0.7, s * 0.27], fill=(90, 55, 40))            # fringe
    for x in (0.43, 0.57):
        d.ellipse([s * (x - 0.025), s * 0.36, s * (x + 0.025), s * 0.4], fill=(50, 40, 40))
    d.arc([s * 0.44, s * 0.42, s * 0.56, s * 0.5], 20, 160, fill=(170, 70, 70), width=6)
    # A square portrait: the app clips it round (clipsToBounds with a corner radius).
    sky = sky.filter(ImageFilter.GaussianBlur(2))
    sky.resize((side, side), Image.LANCZOS).save("avatar.jpg", quality=85, optimize=True)

def tshirt(side=56):
    s = side * 4
    img = Image.new("RGB", (s, s), (232, 234, 240))
    d = ImageDraw.Draw(img)
    body = [(0.3, 0.18), (0.42, 0.14), (0.5, 0.2), (0.58, 0.14), (0.7, 0.18), (0.9, 0.34), (0.8, 0.46),
            (0.72, 0.4), (0.72, 0.88), (0.28, 0.88), (0.28, 0.4), (0.2, 0.46), (0.1, 0.34)]
    d.polygon([(x * s, y * s) for x, y in body], fill=(30, 45, 95))
    d.rectangle([s * 0.4, s * 0.42, s * 0.6, s * 0.58], outline=(120, 150, 210), width=6)
    img.resize((side, side), Image.LANCZOS).save("tshirt.jpg", quality=85, optimize=True)

avatar()
tshirt()

def icons(side=28):
    """The tab icons (a person, a chart, a bag) in grey and in the accent blue, as PNGs with alpha."""
    s = side * 4
    for name, colour in (("", (142, 142, 147, 255)), ("-selected", (33, 150, 243, 255))):
        for kind in ("profile", "analytics", "shop"):
            img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
            d = ImageDraw.Draw(img)
            if kind == "profile":
                d.ellipse([s * 0.32, s * 0.08, s * 0.68, s * 0.44], fill=colour)
                d.pieslice([s * 0.12, s * 0.52, s * 0.88, s * 1.3], 180, 360, fill=colour)
            elif kind == "analytics":
                for k, h in enumerate((0.35, 0.6, 0.45, 0.85)):
                    x = s * (0.1 + k * 0.21)
                    d.rectangle([x, s * (0.92 - h), x + s * 0.15, s * 0.92], fill=colour)
            else:
                d.rounded_rectangle([s * 0.14, s * 0.34, s * 0.86, s * 0.92], radius=s * 0.08, fill=colour)
                d.arc([s * 0.32, s * 0.08, s * 0.68, s * 0.56], 180, 360, fill=colour, width=int(s * 0.08))
            img.resize((side, side), Image.LANCZOS).save(f"tab-{kind}{name}.png", optimize=True)

icons()
