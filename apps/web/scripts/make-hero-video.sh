#!/usr/bin/env bash
# Draws the home page's hero loop (public/media/hero.{mp4,webm} and hero-poster.jpg): three soft teal
# light blobs drifting on periodic paths, so the last frame meets the first. Made once and committed;
# rerun only to change the artwork. Needs ffmpeg (Debian: apt-get install -y --no-install-recommends ffmpeg).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/public/media"
mkdir -p "$out"
D=6
B1="exp(-(pow(X-W*(0.30+0.18*cos(2*PI*T/$D)),2)+pow(Y-H*(0.40+0.22*sin(2*PI*T/$D)),2))/(W*W*0.045))"
B2="exp(-(pow(X-W*(0.72+0.15*sin(2*PI*T/$D)),2)+pow(Y-H*(0.62+0.2*cos(2*PI*T/$D)),2))/(W*W*0.035))"
B3="exp(-(pow(X-W*(0.55+0.25*cos(4*PI*T/$D)),2)+pow(Y-H*(0.25+0.12*sin(2*PI*T/$D)),2))/(W*W*0.02))"
ffmpeg -y -loglevel error -f lavfi -i "nullsrc=s=480x270:r=24:d=$D" \
  -vf "geq=r='clip(4+20*$B1+40*$B2+15*$B3+10*Y/H,0,255)':g='clip(47+70*$B1+50*$B2+90*$B3+20*Y/H,0,255)':b='clip(46+60*$B1+90*$B2+70*$B3+25*X/W,0,255)',scale=960:540:flags=bicubic,gblur=sigma=6,format=yuv420p" \
  -c:v libx264 -preset veryslow -crf 30 -tune grain -movflags +faststart -an "$out/hero.mp4"
ffmpeg -y -loglevel error -i "$out/hero.mp4" -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 2 -an "$out/hero.webm"
ffmpeg -y -loglevel error -i "$out/hero.mp4" -frames:v 1 -q:v 5 "$out/hero-poster.jpg"
ls -l "$out"
