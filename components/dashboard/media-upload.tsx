"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { uploadProblem } from "@/lib/media/media-types";
import { errorText } from "./call-api";

export type Uploaded = { storageRef: string; kind: string; fileName: string; size: number; contentType: string };

type Progress = { name: string; loaded: number; total: number } | null;

/** The hub's upload route; a hosted blog's editor sends to its own origin's POST /api/upload. */
export const HUB_UPLOAD_ENDPOINT = "/uploads/content?encrypted=1";

/** One multipart upload over XMLHttpRequest, which (unlike fetch) reports upload progress. */
function upload(endpoint: string, file: File, onProgress: (loaded: number, total: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => (xhr.status === 201 ? resolve(xhr.response as Uploaded) : reject(new Error(errorText(xhr.status, xhr.response))));
    xhr.onerror = () => reject(new Error("The upload failed: the hub could not be reached."));
    xhr.onabort = () => reject(new Error("The upload was cancelled."));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 2 : 1)} MB`;

/**
 * Pick or drop files, upload each with a progress bar; the parent gets the storage references in
 * order. A file that is too large or of a type the hub refuses is named before any byte is sent.
 */
export function MediaUpload({ files, onUploaded, onRemove, onInsert, endpoint = HUB_UPLOAD_ENDPOINT, embedOffset = 0 }: {
  files: Uploaded[];
  onUploaded: (u: Uploaded) => void;
  onRemove: (index: number) => void;
  onInsert: (index: number) => void;
  endpoint?: string;
  /** Media already attached before these files (a post being edited): the first file here is svc-embed://<embedOffset>. */
  embedOffset?: number;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function onPick(list: FileList | null) {
    if (!list?.length) return;
    setError(null);
    const picked = Array.from(list);
    const problems = picked.map(uploadProblem).filter(Boolean);
    if (problems.length) {
      setError(problems.join(" "));
      if (input.current) input.current.value = "";
      return;
    }
    for (const file of picked) {
      setProgress({ name: file.name, loaded: 0, total: file.size });
      try {
        onUploaded(await upload(endpoint, file, (loaded, total) => setProgress({ name: file.name, loaded, total })));
      } catch (err) {
        setError(`${file.name}: ${(err as Error).message}`);
        break;
      } finally {
        setProgress(null);
      }
    }
    if (input.current) input.current.value = "";
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (progress === null) void onPick(e.dataTransfer.files);
  };
  const pct = progress ? Math.round((progress.loaded / Math.max(progress.total, 1)) * 100) : 0;
  return (
    <fieldset className="field-group">
      <legend>Media</legend>
      <div
        className={`drop-zone${dragging ? " drop-zone-active" : ""}`}
        data-testid="media-drop"
        onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={id}>Drop files here or choose them: images, audio, video or documents (up to 30 MB each; encrypted on upload)</label>
        <input id={id} ref={input} type="file" multiple disabled={progress !== null} onChange={(e) => onPick(e.target.files)} data-testid="media-input" />
      </div>
      {progress && (
        <div className="upload-progress" data-testid="upload-progress">
          <label htmlFor={`${id}-bar`}>Uploading {progress.name}: {pct}% ({mb(progress.loaded)} of {mb(progress.total)})</label>
          <progress id={`${id}-bar`} max={100} value={pct}>{pct}%</progress>
        </div>
      )}
      {error && <p role="alert" className="error">{error}</p>}
      {files.length > 0 && (
        <ol className="media-list" aria-label="Uploaded media">
          {files.map((f, i) => (
            <li key={f.storageRef}>
              <span><strong>{f.fileName}</strong> <span className="muted">({f.kind}, {mb(f.size)}, <code>svc-embed://{embedOffset + i}</code>)</span></span>
              <span className="row-actions">
                <button type="button" className="btn btn-quiet btn-small" onClick={() => onInsert(i)}>Insert in body</button>
                <button type="button" className="btn btn-quiet btn-small" onClick={() => onRemove(i)} aria-label={`Remove ${f.fileName}`}>Remove</button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {files.length > 0 && <p className="muted small" role="status">Uploaded {files.length} file{files.length === 1 ? "" : "s"}. Files not inserted in the body are listed after it.</p>}
    </fieldset>
  );
}
