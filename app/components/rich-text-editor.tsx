import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";

import { ErrorList } from "./forms";
import type { RichTextProps } from "./rich-text";

// The TipTap editor behind RichTextField, loaded after hydration. It keeps a hidden field of the same name with the
// editor's HTML ("" when empty, so 'required' means something), and offers the formatting the server keeps.

export default function RichTextEditor({ id, name, label, defaultValue, errors }: RichTextProps) {
  const [html, setHtml] = useState(defaultValue);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.filter(Boolean).length);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ["http", "https", "mailto"] },
      }),
    ],
    content: defaultValue,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(invalid ? { "aria-invalid": "true", "aria-describedby": errorId } : {}),
        class: "rich-text-content",
      },
    },
    onUpdate: ({ editor }) => setHtml(editor.isEmpty ? "" : editor.getHTML()),
  });
  return (
    <div className={`field rich-text${invalid ? " field-invalid" : ""}`}>
      <span id={labelId} className="field-label">
        {label}
      </span>
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      heading: e.isActive("heading", { level: 2 }),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const current = String(editor.getAttributes("link").href ?? "");
    const href = window.prompt("Link address (https://…)", current);
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const buttons: Array<[string, boolean | undefined, () => void]> = [
    ["Bold", active?.bold, () => chain().toggleBold().run()],
    ["Italic", active?.italic, () => chain().toggleItalic().run()],
    ["Heading", active?.heading, () => chain().toggleHeading({ level: 2 }).run()],
    ["Bulleted list", active?.bullets, () => chain().toggleBulletList().run()],
    ["Numbered list", active?.numbers, () => chain().toggleOrderedList().run()],
    ["Quote", active?.quote, () => chain().toggleBlockquote().run()],
    ["Link", active?.link, setLink],
  ];
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting">
      {buttons.map(([label, pressed, run]) => (
        <button key={label} type="button" className="button" aria-pressed={Boolean(pressed)} onClick={run}>
          {label}
        </button>
      ))}
      <button type="button" className="button" onClick={() => chain().undo().run()}>
        Undo
      </button>
      <button type="button" className="button" onClick={() => chain().redo().run()}>
        Redo
      </button>
    </div>
  );
}
